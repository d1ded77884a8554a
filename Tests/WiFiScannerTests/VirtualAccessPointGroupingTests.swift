import PositioningCore
import Testing
import TestSupport
import WiFiScanner

@Suite struct VirtualAccessPointGroupingTests {
    @Test(arguments: [
        ("70:f0:96:d2:d8:00", "70:f0:96:d2:d8:02", true),  // last nibble (campus router, 3 SSIDs)
        ("ac:22:05:db:4d:5b", "ae:22:15:db:4d:5b", true),  // Vodafone Homespot: LAA + prefix rewritten
        ("34:2c:c4:34:3b:95", "36:2c:94:34:3b:95", true),
        ("00:0d:58:ef:88:09", "00:0d:58:ef:88:0b", true),  // aircrack-ng test1.pcap
        ("70:f0:96:d2:d8:00", "70:f0:96:d2:e0:60", false),  // two access points of one campus
        ("ac:22:05:e6:ff:41", "ac:22:05:db:4d:5b", false),  // same vendor, other router
        ("34:2c:c4:34:3b:95", "34:2c:94:34:3b:95", false),  // both universal: not a derived address
        ("00:11:22:33:44:55", "00:11:22:33:44:55", false),
    ])
    func siblingsShareMostAddressBits(_ first: String, _ second: String, _ expected: Bool) {
        #expect(VirtualAccessPointGrouping.areSiblings(BSSID(first)!, BSSID(second)!) == expected)
    }

    @Test func campusScanGroupsIntoPhysicalRouters() throws {
        let expected = try IWScanText(contentsOf: TestPaths.fixture("wifi/centaurus-R501-scan-excerpt.txt"))
        let parsed = try IWScanExpectationTests.messages(for: expected).map { try ScanResultParser.parse($0).accessPoint }
        let scan = WiFiScan(interfaces: [], accessPoints: parsed)
        let groups = Dictionary(grouping: scan.accessPoints, by: \.groupID)
        #expect(groups[nil] == nil)  // every BSSID here is one of three virtual APs
        #expect(groups.count == 6)
        #expect(groups.values.allSatisfy { $0.count == 3 })
        let router = try #require(groups[BSSID("70:f0:96:d2:d8:00")])
        #expect(Set(router.compactMap { $0.ssid?.string }) == ["eduroam", "UM-net", "WIFI_IUTB_IOT"])
    }

    @Test func accessPointsHeardFarApartAreNotGrouped() {
        let first = ScannedAccessPoint(bssid: BSSID("70:f0:96:d2:d8:00")!, frequency: 2462, age: 100)
        let second = ScannedAccessPoint(bssid: BSSID("70:f0:96:d2:d8:01")!, frequency: 2462, age: 29_000)
        let grouped = VirtualAccessPointGrouping.grouped([first, second])
        #expect(grouped.allSatisfy { $0.groupID == nil })
    }
}
