import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// The exports of other stumblers and location backends users move between tools: ESP8266 scan
/// logs, NeoStumbler, microG and Local NLP Backend, each built from the writer's definition.
@Suite struct StumblerExportImportTests {
    static func importing(_ name: String, options: ImportOptions = ImportOptions()) throws -> (ImportSummary, RadioMap) {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(RadioMapFixtures.fixture(name), into: mapPath, options: options)
        return (summary, try RadioMap(path: mapPath, mode: .readOnly))
    }

    static func reasons(_ summary: ImportSummary) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
    }

    @Test func anESP8266ScanLogIsObservationsWithTheirSignalsNotAnAccessPointList() throws {
        let (summary, map) = try Self.importing("esp8266_scanlog.csv")
        #expect(summary.format == .scanlog)
        #expect(summary.rowsRead == 7)
        #expect(summary.rowsImported == 3)
        #expect(Self.reasons(summary) == ["invalid coordinate": [5], "invalid signal": [6], "opted out": [7], "the file ends mid-line": [8]])
        let guest = BSSID("aa:bb:cc:10:00:01")!
        #expect(try map.accessPoints(for: [guest])[guest]?.sampleCount == 2)
        #expect(try map.accessPoints(for: [guest])[guest]?.firstSeen == Date(timeIntervalSince1970: 1_710_407_702))
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE signal IS NULL") == 0)
    }

    @Test func neoStumblerWifiRowsAreDatedByTheirScanAge() throws {
        let (summary, map) = try Self.importing("neostumbler_wifis.csv")
        #expect(summary.format == .neostumbler)
        #expect(summary.rowsRead == 6)
        #expect(summary.rowsImported == 3)
        #expect(Self.reasons(summary) == ["invalid coordinate": [5], "invalid MAC": [6], "the file ends mid-line": [7]])
        let cafe = BSSID("02:11:22:33:44:01")!
        let known = try #require(try map.accessPoints(for: [cafe])[cafe])
        #expect(known.ssid == "Kahvila, Helsinki")
        #expect(known.sampleCount == 2)
        #expect(known.firstSeen == Date(timeIntervalSince1970: 1_717_999_998.5))
    }

    @Test func neoStumblerCellsAndBeacons() throws {
        let (cells, map) = try Self.importing("neostumbler_cells.csv")
        #expect(cells.rowsImported == 2)
        #expect(Self.reasons(cells) == ["unknown radio": [4]])
        let lte = try CellIdentity(radio: .lte, mcc: 244, mnc: 91, area: 4100, cellID: 2_345_678)
        let gsm = try CellIdentity(radio: .gsm, mcc: 244, mnc: 5, area: 61, cellID: 12345)
        #expect(Set(try map.cells(for: [lte, gsm]).keys) == [lte, gsm])
        let (beacons, _) = try Self.importing("neostumbler_beacons.csv")
        #expect(beacons.format == .neostumbler)
        #expect(beacons.rowsImported == 0)
        #expect(Self.reasons(beacons) == ["Bluetooth device": [2]])
    }

    @Test func microGsGzippedWifiAndCellExports() throws {
        let (wifi, wifiMap) = try Self.importing("microg_wifi.csv.gz")
        #expect(wifi.format == .microg)
        #expect(wifi.rowsImported == 2)
        #expect(Self.reasons(wifi) == ["invalid MAC": [4], "invalid coordinate": [5]])
        let tower = BSSID("a0:b1:c2:d3:e4:01")!
        #expect(try wifiMap.accessPoints(for: [tower])[tower]?.coordinate.latitude == 48.8584)
        let (cells, cellMap) = try Self.importing("microg_cell.csv.gz")
        #expect(cells.format == .microg)
        #expect(cells.rowsImported == 2)
        #expect(Self.reasons(cells) == ["unknown radio": [4, 5]])
        let lte = try CellIdentity(radio: .lte, mcc: 208, mnc: 1, area: 7001, cellID: 123_456_789)
        let gsm = try CellIdentity(radio: .gsm, mcc: 208, mnc: 10, area: 1234, cellID: 5678)
        #expect(Set(try cellMap.cells(for: [lte, gsm]).keys) == [lte, gsm])
    }

    @Test func localNLPBackendV4Emitters() throws {
        let (summary, map) = try Self.importing("lnb_emitters_v4.csv")
        #expect(summary.format == .lnb)
        #expect(summary.rowsRead == 9)
        #expect(summary.rowsImported == 5)
        #expect(Self.reasons(summary) == [
            "Bluetooth device": [8], "invalid coordinate": [9], "invalid cell identity": [10], "the file ends mid-line": [11],
        ])
        let bar = BSSID("aa:bb:cc:20:00:01")!, second = BSSID("aa:bb:cc:20:00:02")!
        let known = try map.accessPoints(for: [bar, second])
        #expect(known[bar]?.ssid == "Bar, la Rambla")
        #expect(known[second] != nil)
        let lte = try CellIdentity(radio: .lte, mcc: 214, mnc: 1, area: 3126, cellID: 35_714_457)
        let gsm = try CellIdentity(radio: .gsm, mcc: 214, mnc: 7, area: 1234, cellID: 5678)
        let umts = try CellIdentity(radio: .wcdma, mcc: 214, mnc: 7, area: 6060, cellID: 4_655_229)
        #expect(Set(try map.cells(for: [lte, gsm, umts]).keys) == [lte, gsm, umts])
    }

    @Test func insistingOnAFormatUsesItsReaderWhenTheHeaderFits() throws {
        // microG's Wi-Fi table is also an access-point list (mac, lat, lon).
        let (summary, _) = try Self.importing("microg_wifi.csv.gz", options: ImportOptions(format: .aplist))
        #expect(summary.format == .aplist)
        #expect(summary.rowsImported == 2)
        #expect(throws: ImportError.self) {
            _ = try Self.importing("lnb_emitters_v4.csv", options: ImportOptions(format: .neostumbler))
        }
    }
}
