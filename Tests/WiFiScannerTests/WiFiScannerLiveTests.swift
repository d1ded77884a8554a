import Foundation
import Testing
@testable import WiFiScanner

/// The live path on the machine running the tests. Without cfg80211 (as on the CI machine)
/// every call must fail with the exit-69 "no nl80211" error; on a machine with Wi-Fi the
/// outcome depends on the hardware, so only its sanity is checked.
@Suite struct WiFiScannerLiveTests {
    /// cfg80211 registers the nl80211 family when loaded or built in; either way it appears here.
    static let kernelHasNL80211 = FileManager.default.fileExists(atPath: "/sys/module/cfg80211")

    @Test(.enabled(if: !kernelHasNL80211, "this kernel has cfg80211"))
    func scanWithoutNL80211ReportsItCleanly() async throws {
        let scanner = WiFiScanner()
        await #expect(throws: WiFiScanError.noNL80211) {
            try await scanner.scan(interface: nil, mode: .fresh, timeout: .seconds(5))
        }
        await #expect(throws: WiFiScanError.noNL80211) {
            try await scanner.scan(interface: "wlan0", mode: .cached, timeout: .seconds(5))
        }
        await #expect(throws: WiFiScanError.noNL80211) { try await scanner.interfaces() }
    }

    @Test(.enabled(if: kernelHasNL80211, "this kernel has no cfg80211"))
    func scanWithNL80211GivesASaneOutcome() async {
        do {
            let scan = try await WiFiScanner().scan(interface: nil, mode: .cached, timeout: .seconds(15))
            #expect(scan.isCachedOnly)
            #expect(scan.note != nil)
            #expect(!scan.interfaces.isEmpty)
        } catch {
            #expect([.noWirelessInterface, .permissionDenied].contains(error) || error.exitCode == 69)
        }
    }

    @Test func unknownInterfaceIsNamedOrNL80211IsMissing() async {
        await #expect {
            try await WiFiScanner().scan(interface: "no-such-wlan9", mode: .cached, timeout: .seconds(5))
        } throws: { error in
            let error = error as? WiFiScanError
            return error == .noSuchInterface("no-such-wlan9") || error == .noNL80211
        }
    }
}
