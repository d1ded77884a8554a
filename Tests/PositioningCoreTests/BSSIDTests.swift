import Testing

@testable import PositioningCore

@Suite struct BSSIDTests {
    @Test(arguments: ["aa:bb:cc:dd:ee:ff", "AA-BB-CC-DD-EE-FF", "aabbccddeeff", "AaBbCcDdEeFf"])
    func parsesCommonSpellings(text: String) throws {
        let bssid = try #require(BSSID(text))
        #expect(bssid.description == "aa:bb:cc:dd:ee:ff")
    }

    @Test(arguments: ["", "aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:ff:00", "aa:bb-cc:dd:ee:ff", "aab:bcc:dde:eff", "gg:bb:cc:dd:ee:ff", "aabbccddeef"])
    func rejectsMalformed(text: String) {
        #expect(BSSID(text) == nil)
    }

    @Test func knowsTheLocallyAdministeredBit() {
        #expect(BSSID("02:00:00:00:00:01")!.isLocallyAdministered)
        #expect(BSSID("da:a1:19:00:00:01")!.isLocallyAdministered)
        #expect(!BSSID("00:11:22:33:44:55")!.isLocallyAdministered)
    }
}
