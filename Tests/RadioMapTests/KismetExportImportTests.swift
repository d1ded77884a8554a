import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// Kismet's tab-separated table exports (`kismet_log_to_csv --table devices|packets`), with and
/// without the `kismetdb` package's header, and in log version 4's scaled positions.
@Suite struct KismetExportImportTests {
    static func importing(_ name: String, options: ImportOptions = ImportOptions()) throws -> (ImportSummary, RadioMap, String) {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(RadioMapFixtures.fixture(name), into: mapPath, options: options)
        return (summary, try RadioMap(path: mapPath, mode: .readOnly), mapPath)
    }

    @Test func deviceExportsPlaceEachAccessPointAtItsAveragePosition() throws {
        let (summary, map, _) = try Self.importing("kismet_devices_export.tsv")
        #expect(summary.format == .kismet)
        #expect(summary.rowsRead == 6)
        #expect(summary.rowsImported == 2, "\(summary.rejections)")
        let reasons = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
        #expect(reasons == ["invalid coordinate": [4], "not an access point": [5], "Bluetooth device": [6], "too few fields": [7]])
        let first = BSSID("00:1a:2b:3c:4d:01")!, second = BSSID("00:1a:2b:3c:4d:02")!
        let known = try map.accessPoints(for: [first, second])
        let position = try #require(known[first]?.coordinate)
        #expect(abs(position.latitude - 52.5153) < 1e-6 && abs(position.longitude - 13.4021) < 1e-6)
        #expect(known[first]?.firstSeen == Date(timeIntervalSince1970: 1_622_540_300))
        // `strongest_signal` 0 is Kismet's "none": the sighting keeps no signal rather than 0 dBm.
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE signal IS NULL") == 1)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE signal = -61") == 1)
    }

    @Test func headerlessVersion4ExportsAreReadInDegrees() throws {
        let (summary, map, _) = try Self.importing("kismet_devices_legacy.tsv")
        #expect(summary.format == .kismet)
        #expect(summary.rowsImported == 2, "\(summary.rejections)")
        let ap = BSSID("00:1a:2b:3c:4d:11")!
        let position = try #require(try map.accessPoints(for: [ap])[ap]?.coordinate)
        #expect(abs(position.latitude - 52.5153) < 1e-6 && abs(position.longitude - 13.4021) < 1e-6)
    }

    @Test func aPacketExportIsRefusedWithWhatToImportInsteadAndNothingStored() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("kismet_devices_export.tsv"), into: mapPath)
        let before = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        #expect {
            try RadioMapFixtures.importFile(RadioMapFixtures.fixture("kismet_packets_export.tsv"), into: mapPath)
        } throws: { error in
            "\(error)".contains("does not say which senders are access points")
        }
        #expect(try RadioMap(path: mapPath, mode: .readOnly).statistics() == before)
    }

    @Test func strictStopsAtTheFirstBadRowAndStoresNothing() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        #expect {
            try RadioMapFixtures.importFile(RadioMapFixtures.fixture("kismet_devices_export.tsv"), into: mapPath,
                                            options: ImportOptions(strict: true))
        } throws: { error in
            guard case ImportError.malformedRow(let line, _, _) = error else { return false }
            return line == 4
        }
        #expect(try RadioMap(path: mapPath, mode: .readOnly).statistics().accessPoints == 0)
    }
}
