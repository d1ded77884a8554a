import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// The WiGLE-like files users really have: ESP32 firmware logs, the app's 2.48 exports,
/// Kismet's wiglecsv and spreadsheet re-saves, each with its quirks.
@Suite struct WigleVariantImportTests {
    static func importing(_ path: String, options: ImportOptions = ImportOptions()) throws -> (ImportSummary, RadioMap) {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(path, into: mapPath, options: options)
        return (summary, try RadioMap(path: mapPath, mode: .readOnly))
    }

    static func reasons(_ summary: ImportSummary) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
    }

    @Test func bruceRowsWithUnquotedCommasAreRepairedOrRejectedNeverStoredShifted() throws {
        let (summary, map) = try Self.importing(RadioMapFixtures.fixture("bruce_v191_unquoted_commas.csv"))
        #expect(summary.format == .wigle)
        #expect(summary.rowsRead == 7)
        #expect(summary.rowsImported == 4)
        // An extra field that fits two columns, one that fits none, and the cut last line.
        #expect(Self.reasons(summary) == ["shifted columns": [7, 8], "the file ends mid-line": [9]])
        let names = try map.accessPoints(for: (1...4).map { BSSID("54:be:53:00:00:0\($0)")! }).mapValues(\.ssid)
        #expect(names[BSSID("54:be:53:00:00:02")!] == "Not yours, friend!")
        #expect(names[BSSID("54:be:53:00:00:03")!] == "Kitchen.n003,")
        #expect(names[BSSID("54:be:53:00:00:04")!] == "a, b, c")
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE latitude NOT BETWEEN 52 AND 53 OR signal > -70") == 0)
    }

    @Test(.enabled(if: TestPaths.sharedData("wigle/variants/bruce_1.9.1_the_hague.csv") != nil,
                   "shared data wigle/variants is absent (../shared/data or $WHEREABOUTS_SHARED_DATA)"))
    func theRealBruceLogPlacesEveryAccessPointInTheHague() throws {
        let path = try #require(TestPaths.sharedData("wigle/variants/bruce_1.9.1_the_hague.csv")).path
        let (summary, map) = try Self.importing(path)
        #expect(summary.rowsRead == 967)
        #expect(summary.rowsImported == 967, "\(summary.rejections)")
        // Before: five sightings stored with the RSSI as latitude (−87°, Antarctica).
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE latitude NOT BETWEEN 52.0 AND 52.2 OR longitude NOT BETWEEN 4.2 AND 4.5") == 0)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE ssid IN ('Dit is niet jouw Wi-Fi, vriend!', 'Cerberus, not wifi', 'Keuken.n003,')") == 4)
    }

    @Test func marauderLogsKeepImportingEveryRow() throws {
        let (summary, map) = try Self.importing(RadioMapFixtures.fixture("marauder_v255_excerpt.log"))
        #expect(summary.rowsRead == 20)
        #expect(summary.rowsImported == 20, "\(summary.rejections)")
        // Unpadded `2025-6-7 2:36:2` is read (GPS time, UTC); the month-56 row keeps no time.
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE time = ?",
                                           [.real(1_749_263_762)]) >= 3)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE time IS NULL") == 1)
    }

    @Test(.enabled(if: TestPaths.sharedData("wigle/variants/marauder_romania_wardrive_1.log") != nil,
                   "shared data wigle/variants is absent (../shared/data or $WHEREABOUTS_SHARED_DATA)"))
    func theRealMarauderLogImportsWhole() throws {
        let path = try #require(TestPaths.sharedData("wigle/variants/marauder_romania_wardrive_1.log")).path
        let (summary, _) = try Self.importing(path)
        #expect(summary.rowsRead == 4421)
        #expect(summary.rowsImported == 4421, "\(summary.rejections)")
    }

    @Test func wigleApp248LatinOneSSIDsLocalTimesAndLTECellsFiledAsGSM() throws {
        let (summary, map) = try Self.importing(RadioMapFixtures.fixture("wigle_app248_local_time.csv"))
        #expect(summary.rowsImported == 5, "\(summary.rejections)")
        let first = BSSID("a4:2b:b0:11:22:01")!, second = BSSID("a4:2b:b0:11:22:02")!
        let known = try map.accessPoints(for: [first, second])
        #expect(known[first]?.ssid == "Café Tortoni")
        #expect(known[second]?.ssid == "Señal")
        // `31-12-69 21:00` is Unix time 0 in Buenos Aires (−03:00): 14:05:10 there is 17:05:10 UTC.
        #expect(known[first]?.firstSeen == nil)
        #expect(known[second]?.firstSeen == Date(timeIntervalSince1970: 1_551_546_310))
        let lte = try CellIdentity(radio: .lte, mcc: 722, mnc: 7, area: 1234, cellID: 98_765_432)
        let gsm = try CellIdentity(radio: .gsm, mcc: 722, mnc: 7, area: 1234, cellID: 5678)
        let umts = try CellIdentity(radio: .wcdma, mcc: 722, mnc: 7, area: 1234, cellID: 3_456_789)
        #expect(Set(try map.cells(for: [lte, gsm, umts]).keys) == [lte, gsm, umts])
    }

    @Test func aGivenTimeZoneWinsOverTheFile() throws {
        let zone = try #require(WigleClock.timeZone(named: "+02:00"))
        let (_, map) = try Self.importing(RadioMapFixtures.fixture("wigle_app248_local_time.csv"),
                                          options: ImportOptions(timeZone: zone))
        let second = BSSID("a4:2b:b0:11:22:02")!
        #expect(try map.accessPoints(for: [second])[second]?.firstSeen == Date(timeIntervalSince1970: 1_551_528_310))
    }

    @Test func aPhoneExportWithoutAMarkerSaysItsTimesAreReadAsUTC() throws {
        let directory = TemporaryDirectory()
        let lines = try String(contentsOfFile: RadioMapFixtures.fixture("wigle_app248_local_time.csv"), encoding: .isoLatin1)
            .split(separator: "\n", omittingEmptySubsequences: false)
        // The same export without its `31-12-69 21:00` row: nothing in it names the phone's zone.
        let unmarked = RadioMapFixtures.write(Array(lines.enumerated().filter { $0.offset != 2 }.map(\.element)
            .joined(separator: "\n").utf8), named: "unmarked.csv", in: directory)
        let (summary, map) = try Self.importing(unmarked)
        #expect(summary.rowsImported == 4)
        #expect(summary.notes == [WigleClock.assumedUTCNote])
        let second = BSSID("a4:2b:b0:11:22:02")!
        #expect(try map.accessPoints(for: [second])[second]?.firstSeen == Date(timeIntervalSince1970: 1_551_535_510))
        let zone = try #require(WigleClock.timeZone(named: "-03:00"))
        #expect(try Self.importing(unmarked, options: ImportOptions(timeZone: zone)).0.notes.isEmpty)
        // A marker, or a writer that logs GPS time, settles the clock: nothing to say.
        #expect(try Self.importing(RadioMapFixtures.fixture("wigle_app248_local_time.csv")).0.notes.isEmpty)
        #expect(try Self.importing(RadioMapFixtures.fixture("marauder_v255_excerpt.log")).0.notes.isEmpty)
        #expect(try Self.importing(RadioMapFixtures.fixture("kismet_wiglecsv.csv")).0.notes.isEmpty)
    }

    @Test func kismetWigleCSVDecodesItsOctalEscapes() throws {
        let (summary, map) = try Self.importing(RadioMapFixtures.fixture("kismet_wiglecsv.csv"))
        #expect(summary.format == .wigle)
        #expect(summary.rowsImported == 2)
        #expect(Self.reasons(summary) == ["Bluetooth device": [5]])
        let names = try map.accessPoints(for: [BSSID("00:11:22:aa:bb:01")!, BSSID("00:11:22:aa:bb:02")!]).mapValues(\.ssid)
        #expect(Set(names.values.compactMap { $0 }) == ["Cafe, Bar", "Café"])
    }

    @Test func spreadsheetResavesWithLatitudeHeadersAreWigleWithTheirCells() throws {
        let (summary, map) = try Self.importing(RadioMapFixtures.fixture("wigle_spreadsheet_latitude_headers.csv"))
        #expect(summary.format == .wigle)
        #expect(summary.rowsImported == 3, "\(summary.rejections)")
        let cell = try CellIdentity(radio: .lte, mcc: 425, mnc: 3, area: 11001, cellID: 23_456_789)
        #expect(try map.cells(for: [cell]).count == 1)
        let office = BSSID("aa:bb:cc:00:02:01")!
        #expect(try map.accessPoints(for: [office])[office]?.firstSeen == Date(timeIntervalSince1970: 1_510_244_580))
    }
}
