import Testing
import WiFiScanner

@Suite struct WiFiSSIDTests {
    @Test(arguments: [
        (Array("Café Wi-Fi".utf8), "Café Wi-Fi"),
        ([0x41, 0xFF, 0x42], #"A\xffB"#),
        ([0x41, 0x0A, 0x5C], #"A\x0a\\"#),
        ([0xE6, 0xB5, 0x8B, 0xB2], #"测\xb2"#),
        ([0xE6, 0xB5], #"\xe6\xb5"#),
    ])
    func displayNameEscapesWhatIsNotPrintableUTF8(_ bytes: [UInt8], _ expected: String) {
        #expect(WiFiSSID(bytes: bytes).displayName == expected)
    }

    @Test func rawBytesAreKept() {
        let ssid = WiFiSSID(bytes: [0xB2, 0xE2, 0xCA, 0xD4])
        #expect(ssid.bytes == [0xB2, 0xE2, 0xCA, 0xD4])
        #expect(ssid.string == nil)
        #expect(WiFiSSID("HomeAP").string == "HomeAP")
    }
}
