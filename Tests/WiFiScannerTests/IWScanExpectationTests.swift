import Foundation
import PositioningCore
import Testing
import TestSupport
import WiFiScanner

/// Real `iw dev wlan0 scan` printouts as expectations: nl80211 messages carrying the same
/// BSSIDs, frequencies, signals, ages and SSIDs, built with libnl, must parse into a scan that
/// lists the same networks with the same signal and frequency.
@Suite struct IWScanExpectationTests {
    static let fixtures = [
        "wifi/iw-scan0.out", "wifi/iw-scan2.out", "wifi/iw-scan1-excerpt.txt", "wifi/centaurus-R501-scan-excerpt.txt",
    ]

    /// The messages the kernel would have sent for `iw`'s networks.
    static func messages(for expected: IWScanText) -> [[UInt8]] {
        expected.networks.map { network in
            NL80211MessageBuilder.scanResult(
                bssid: network.bssid.octets, frequency: UInt32(network.frequency),
                signalMBm: Int32((network.signal * 100).rounded()),
                seenMillisecondsAgo: network.lastSeenMilliseconds.map(UInt32.init),
                informationElements: network.ssid.map(NL80211MessageBuilder.ssidElement),
                isAssociated: network.isAssociated
            ).bytes()
        }
    }

    @Test(arguments: fixtures)
    func parsedScanListsTheNetworksIWListed(_ name: String) throws {
        let expected = try IWScanText(contentsOf: TestPaths.fixture(name))
        #expect(!expected.networks.isEmpty)
        let parsed = try Self.messages(for: expected).map { try ScanResultParser.parse($0) }
        let scan = WiFiScan(
            interfaces: [WirelessInterface(index: 3, name: "wlan0")], accessPoints: parsed.map(\.accessPoint),
            skippedAttributes: parsed.map(\.skippedAttributes).reduce(0, +))

        #expect(scan.accessPoints.count == expected.networks.count)
        #expect(scan.skippedAttributes == 0)
        let byBSSID = Dictionary(uniqueKeysWithValues: scan.accessPoints.map { ($0.bssid, $0) })
        for network in expected.networks {
            let accessPoint = try #require(byBSSID[network.bssid], "\(network.bssid) missing")
            #expect(accessPoint.frequency == network.frequency)
            #expect(accessPoint.signalStrength == network.signal)
            #expect(accessPoint.age == network.lastSeenMilliseconds)
            #expect(accessPoint.ssid?.bytes == network.ssid)
            #expect(accessPoint.isAssociated == network.isAssociated)
            #expect(accessPoint.channel != nil)
        }
        // Strongest first, as `scan` prints them.
        let signals = scan.accessPoints.compactMap(\.signalStrength)
        #expect(signals == signals.sorted(by: >))
        #expect(scan.observations.count == expected.networks.count)
        #expect(scan.geolocateRequest.wifiAccessPoints == scan.observations)
    }

    @Test func associatedNetworkOfTheGermanScanIsOn5GHz() throws {
        let expected = try IWScanText(contentsOf: TestPaths.fixture("wifi/iw-scan1-excerpt.txt"))
        let parsed = try Self.messages(for: expected).map { try ScanResultParser.parse($0).accessPoint }
        let associated = parsed.filter(\.isAssociated)
        #expect(associated.count == 1)
        #expect(associated.first?.bssid == BSSID("ac:22:05:e6:ff:24"))
        #expect(associated.first?.band == .band5GHz)
        #expect(associated.first?.channel?.number == 36)
    }

    @Test(.enabled(if: TestPaths.sharedData("wifi_scan_text") != nil, "../shared/data/wifi_scan_text is absent"),
        arguments: ["wifi_scan_text/jc_fixtures/iw-scan1.out", "wifi_scan_text/centaurus_R501_scan_sh.txt"])
    func fullSharedPrintoutsMatchTheirExcerpts(_ path: String) throws {
        let url = try #require(TestPaths.sharedData(path))
        let full = try IWScanText(contentsOf: url)
        let excerptName = path.hasSuffix("iw-scan1.out") ? "wifi/iw-scan1-excerpt.txt" : "wifi/centaurus-R501-scan-excerpt.txt"
        let excerpt = try IWScanText(contentsOf: TestPaths.fixture(excerptName))
        #expect(full.networks == excerpt.networks)
    }
}
