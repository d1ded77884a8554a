import Testing
import WiFiScanner

@Suite struct WiFiScanErrorTests {
    @Test func messagesAndExitCodesPeopleCanActOn() {
        #expect(WiFiScanError.noNL80211.description
            == "Wi-Fi scanning unavailable: this kernel has no nl80211 (cfg80211) support")
        #expect(WiFiScanError.noNL80211.exitCode == 69)
        #expect(WiFiScanError.noWirelessInterface.exitCode == 69)
        #expect(WiFiScanError.noSuchInterface("wlan9").description.contains("wlan9"))
        #expect(WiFiScanError.permissionDenied.exitCode == 77)
        #expect(WiFiScanError.timedOut.exitCode == 1)
    }

}
