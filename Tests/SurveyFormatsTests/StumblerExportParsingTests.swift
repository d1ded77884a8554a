import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

/// Row by row: the exports of other stumblers, their columns found by name in any order.
@Suite struct StumblerExportParsingTests {
    static func record(_ line: String) -> CSVRecord {
        SurveyCSVRecordReaderTests.records(line + "\n")[0]
    }

    @Test func microGColumnsInAnyOrderAndShortRowsAreRejectedNotRead() throws {
        let parser = try MicroGRowParser(header: Self.record("alt,mac,lat,lon"))
        guard case .accessPoint(let bssid, let seen) = try parser.parse(Self.record(",a0b1c2d3e401,48.8584,2.2945")) else {
            Issue.record("not an AP")
            return
        }
        #expect(bssid == BSSID("a0:b1:c2:d3:e4:01"))
        #expect(seen.position.longitude == 2.2945)
        #expect(throws: SurveyRowError.self) { try parser.parse(Self.record("1,a0b1c2d3e401,48.8")) }
    }

    @Test(arguments: [
        ("Latitude,Longitude,Date,Time (UTC),SSID,Power,BSSID", "51.5,-0.12,3/14/2024,09:15:02,x,-67,AA:BB:CC:10:00:01", 1_710_407_702.0 as Double?),
        ("lat,lon,timestamp,rssi,mac", "51.5,-0.12,1710407702000,-67,aabbcc100001", 1_710_407_702),
        ("lat,lon,time,signal_strength,bssid", "51.5,-0.12,2024-03-14T09:15:02Z,-67,aa-bb-cc-10-00-01", 1_710_407_702),
        ("lat,lon,level,bssid", "51.5,-0.12,-67,aa:bb:cc:10:00:01", nil),
    ])
    func scanLogsFindTheirColumnsByName(header: String, row: String, time: Double?) throws {
        let parser = try ScanLogRowParser(header: Self.record(header))
        guard case .accessPoint(_, let seen) = try parser.parse(Self.record(row)) else { Issue.record("not an AP"); return }
        #expect(seen.signalStrength == -67)
        #expect(seen.time == time.map { Date(timeIntervalSince1970: $0) })
    }

    @Test func aListWithoutASignalIsNoScanLog() {
        #expect(!ScanLogRowParser.isHeader(Self.record("ssid,bssid,encryption,vendor,longitude,latitude")))
    }

    @Test(arguments: [
        ("aa:bb:cc:20:00:01,WLAN2,41.38,2.17,45,60,a, b, c", "a, b, c"),
        ("WLAN6/aa:bb:cc:20:00:01,WLAN6,41.38,2.17,45,60,", nil),
    ] as [(String, String?)])
    func localNLPWifiNotesKeepTheirCommas(line: String, ssid: String?) throws {
        guard case .accessPoint(_, let seen) = try LocalNLPRowParser().parse(Self.record(line)) else { Issue.record("not an AP"); return }
        #expect(seen.ssid == ssid)
    }

    @Test func neoStumblerNeedsItsOwnColumns() {
        #expect(NeoStumblerRowParser.isHeader(Self.record(
            "timestamp,latitude,longitude,locationAccuracy,locationAge,speed,macAddress,wifiScanAge,signalStrength,ssid")))
        #expect(!NeoStumblerRowParser.isHeader(Self.record("timestamp,latitude,longitude,macAddress,signalStrength")))
    }
}
