import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

@Suite struct SurveyImportTests {
    @Test func wigleQuirksImportWithACountedReport() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        var reports: [ImportProgress] = []
        let summary = try map.importSurvey(
            at: RadioMapFixtures.fixture("wigle_quirks.csv"), options: ImportOptions(), progress: { reports.append($0) })
        #expect(summary.format == .wigle)
        #expect(!summary.alreadyImported)
        #expect(summary.rowsRead == 19)
        #expect(summary.rowsImported == 8)
        let byReason = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0) })
        #expect(byReason["opted out"]?.count == 2)
        #expect(byReason["opted out"]?.firstLines == [6, 7])
        #expect(byReason["Bluetooth device"]?.count == 2)
        #expect(byReason["missing operator"]?.firstLines == [11])
        #expect(byReason["invalid coordinate"]?.firstLines == [15, 16, 17, 21])
        #expect(byReason["invalid coordinate"]?.firstDetail == "line 15: latitude 95.2 outside −90…90")
        #expect(byReason["invalid MAC"]?.count == 1)
        #expect(byReason["too few fields"]?.count == 1)
        #expect(summary.rowsRejected == 11)
        #expect(summary.accessPointsNew == 4)
        #expect(summary.cellsNew == 3)
        #expect(reports.last?.bytesRead == reports.last?.totalBytes)
        #expect(summary.contentHash.count == 64)

        let known = try map.accessPoints(for: [BSSID("aa:bb:cc:00:00:01")!, BSSID("aa:bb:cc:00:00:02")!,
                                               BSSID("aa:bb:cc:00:00:03")!, BSSID("aa:bb:cc:00:00:0d")!])
        #expect(known.count == 3)  // 03 opted out: never stored
        #expect(known[BSSID("aa:bb:cc:00:00:01")!]?.sampleCount == 2)
        #expect(known[BSSID("aa:bb:cc:00:00:02")!]?.ssid == "cafe, \"the\" best")
        #expect(known[BSSID("aa:bb:cc:00:00:0d")!]?.ssid == "SSIDÿ")  // byte FF, read as Latin-1
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE ssid LIKE '%nomap%' OR ssid LIKE '%optout%'") == 0)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE bssid = ? AND time IS NULL",
                                           [.integer(Int64(BSSID("aa:bb:cc:00:00:07")!.rawValue))]) == 1)

        let umts = try CellIdentity(radio: .wcdma, mcc: 425, mnc: 1, area: 10221, cellID: 1_448_394)
        let lte = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20_714_553)
        let cells = try map.cells(for: [umts, lte])
        #expect(cells.count == 2)
        #expect(try map.areas(for: [umts.areaIdentity])[umts.areaIdentity]?.cellCount == 1)
    }

    @Test func openCellIDRowsBecomeCellsAndAreas() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(
            at: RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), options: ImportOptions(), progress: nil)
        #expect(summary.format == .opencellid)
        #expect(summary.rowsRead == 30)
        #expect(summary.rowsImported + summary.rowsRejected == 30)
        #expect(summary.cellsNew >= 29)
        let cell = try CellIdentity(radio: .gsm, mcc: 255, mnc: 3, area: 34000, cellID: 28052)
        let found = try #require(try map.cells(for: [cell])[cell])
        #expect(found.coordinate.latitude == 48.811569213867)
        #expect(found.coordinate.longitude == 31.649551391602)
        #expect(found.radius == 1000)
        let area = try #require(try map.areas(for: [cell.areaIdentity])[cell.areaIdentity])
        #expect(area.cellCount >= 1)
        let statistics = try map.statistics()
        #expect(statistics.cells == summary.cellsNew)
        #expect(statistics.publishedCells == statistics.cells)
        #expect(statistics.imports == 1)
        #expect(statistics.fileBytes > 0)
    }

    @Test func openCellIDSyntheticRowsCoverEveryRadioAndReason() throws {
        let directory = TemporaryDirectory()
        let summary = try RadioMapFixtures.importFile(
            RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.rowsRead == 9)
        #expect(summary.rowsImported == 4)
        #expect(Set(summary.rejections.map(\.reason))
            == ["invalid coordinate", "invalid cell identity", "unknown radio", "too few fields"])
        #expect(summary.rejections.first { $0.reason == "invalid coordinate" }?.count == 2)
    }

    @Test(arguments: ["wigle_excel_day_first.csv", "wigle_excel_month_first.csv", "wigle_v16_extra_columns.csv"])
    func wigleVariantsImportEveryRow(name: String) throws {
        let directory = TemporaryDirectory()
        let summary = try RadioMapFixtures.importFile(
            RadioMapFixtures.fixture(name), into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.format == .wigle)
        #expect(summary.rowsImported + (summary.rejections.first { $0.reason == "Bluetooth device" }?.count ?? 0)
            == summary.rowsRead)
        #expect(summary.rowsRead >= 3)
    }

    @Test func spreadsheetTimesAreRead() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_excel_month_first.csv"), into: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        let bssid = BSSID("aa:bb:cc:00:01:00")!
        #expect(try map.accessPoints(for: [bssid])[bssid]?.firstSeen == Date(timeIntervalSince1970: 1_510_216_980))
    }

    @Test func secondImportOfTheSameContentIsANoOp() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        let first = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: path)
        let statistics = try RadioMap(path: path, mode: .readOnly).statistics()
        // Same bytes under another name are the same content.
        let copy = RadioMapFixtures.write(
            Array(try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture("wigle_quirks.csv")))),
            named: "renamed.csv", in: directory)
        let second = try RadioMapFixtures.importFile(copy, into: path)
        #expect(second.alreadyImported)
        #expect(second.contentHash == first.contentHash)
        #expect(second.rowsImported == 0)
        var after = try RadioMap(path: path, mode: .readOnly).statistics()
        after.fileBytes = statistics.fileBytes
        #expect(after == statistics)
    }

    @Test func strictModeFailsAtTheFirstBadRowAndChangesNothing() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: path)
        let before = try #require(RadioMapFixtures.bytes(path))
        #expect {
            _ = try RadioMapFixtures.importFile(
                RadioMapFixtures.fixture("wigle_quirks.csv"), into: path, options: ImportOptions(strict: true))
        } throws: { error in
            guard case .malformedRow(let line, let column, let reason) = error as? ImportError else { return false }
            return line == 6 && column == "SSID" && reason.contains("opted out")
        }
        #expect(RadioMapFixtures.bytes(path) == before)
        let statistics = try RadioMap(path: path, mode: .readOnly).statistics()
        #expect(statistics.imports == 1)
        #expect(statistics.accessPointObservations == 0)
    }

    static func notASurveyReason(_ contents: [UInt8], format: SurveyFormat? = nil) throws -> String? {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMap(path: path, mode: .readWrite)
        let before = RadioMapFixtures.bytes(path)
        let file = RadioMapFixtures.write(contents, named: "input.csv", in: directory)
        defer { #expect(RadioMapFixtures.bytes(path) == before) }
        do {
            _ = try RadioMapFixtures.importFile(file, into: path, options: ImportOptions(format: format))
            return nil
        } catch {
            guard case .notASurvey(_, let reason) = error as? ImportError else { return "other: \(error)" }
            return reason
        }
    }

    @Test func nonSurveyFilesAreRefusedAndTheMapUntouched() throws {
        #expect(try Self.notASurveyReason([]) == "file is empty")
        #expect(try Self.notASurveyReason([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) == "file is binary")
        #expect(try Self.notASurveyReason(Array("id,name,value\n1,a,2\n".utf8)) == "unknown header \"id,name,value\"")
        #expect(try Self.notASurveyReason(Array("WigleWifi-1.4,appRelease=2\nfoo,bar\n".utf8))
            == "WiGLE file without its column header on line 2")
        let cells = Array("radio,mcc,net,area,cell,unit,lon,lat,range\n".utf8)
        #expect(try Self.notASurveyReason(cells, format: .wigle) == "content is opencellid, not wigle")
    }

    @Test func missingOrNonRegularFilesAreUnreadable() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        for path in [directory.path("absent.csv"), directory.url.path] {
            #expect {
                _ = try map.importSurvey(at: path, options: ImportOptions(), progress: nil)
            } throws: { error in
                guard case .unreadable(let failed, _) = error as? ImportError else { return false }
                return failed == path
            }
        }
    }
}
