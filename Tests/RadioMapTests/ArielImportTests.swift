import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// Imports the real Ariel University WiGLE files from `../shared/data` (no licence to copy them
/// into the repository, so these tests run only where the shared data folder exists).
@Suite(.enabled(if: TestPaths.sharedData("wigle/ariel_2017/raw") != nil,
                "shared data wigle/ariel_2017 is absent (../shared/data or $WHEREABOUTS_SHARED_DATA)"))
struct ArielImportTests {
    static var files: [String] {
        ["raw", "excel_resaved"].flatMap { folder -> [String] in
            guard let url = TestPaths.sharedData("wigle/ariel_2017/" + folder),
                let names = try? FileManager.default.contentsOfDirectory(atPath: url.path)
            else { return [] }
            return names.filter { $0.hasSuffix(".csv") }.sorted().map { folder + "/" + $0 }
        }
    }

    /// One of the 33 raw files (nunii…20171101202350.csv, 164 rows beside a 1,191-row file of the
    /// next second) ends without its last line end: that row is rejected as possibly cut.
    static let expectedReasons: Set = ["missing operator", "unknown cell identity", "opted out", "invalid coordinate",
                                       SurveyRowError.endsMidLineReason]

    @Test func everyRawAndResavedFileImportsWithASensibleReport() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let files = Self.files
        #expect(files.count == 35)  // 33 raw + 2 spreadsheet-resaved
        var totalRows = 0, totalImported = 0
        for file in files {
            let path = try #require(TestPaths.sharedData("wigle/ariel_2017/" + file)).path
            let summary = try map.importSurvey(at: path, options: ImportOptions(), progress: nil)
            #expect(summary.format == .wigle, "\(file)")
            #expect(summary.rowsRead > 0, "\(file)")
            // Real surveys are rejected only for these reasons.
            #expect(Set(summary.rejections.map(\.reason)).isSubset(of: Self.expectedReasons), "\(file): \(summary.rejections)")
            // Rows the phone's scan cache logged again are read and valid, but set aside.
            let cached = summary.cachedRepeats?.count ?? 0
            totalImported += summary.rowsImported + cached
            #expect(summary.rowsImported + summary.rowsRejected + cached == summary.rowsRead, "\(file)")
            totalRows += summary.rowsRead
        }
        let statistics = try map.statistics()
        #expect(totalRows > 15_000)
        #expect(totalImported * 100 >= totalRows * 98)
        #expect(statistics.accessPoints > 1_000)
        #expect(statistics.cells > 10)
        #expect(statistics.areas > 0)
        #expect(statistics.imports <= files.count)
    }

    @Test func theMergedTableImportsAsWiGLEWithTheRawFilesAccessPoints() throws {
        // `ariel_observations_merged.csv`: every raw row once, WiGLE's columns after four of the
        // dataset's own, and no `WigleWifi-1.x` line.
        let directory = TemporaryDirectory()
        let merged = try RadioMap(path: directory.path("merged.sqlite"), mode: .readWrite)
        let path = try #require(TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv")).path
        let summary = try merged.importSurvey(at: path, options: ImportOptions(), progress: nil)
        #expect(summary.format == .wigle)
        #expect(summary.rowsRead == 18_215)
        #expect(Set(summary.rejections.map(\.reason)).isSubset(of: Self.expectedReasons), "\(summary.rejections)")
        // WiGLE 2.25 logged its scan cache: exact repeats run far above the 1–2 dB near misses.
        let cached = try #require(summary.cachedRepeats)
        #expect(cached.count > 2 * summary.repeatNearMisses)
        #expect(cached.count > 2_000)
        let raw = try RadioMap(path: directory.path("raw.sqlite"), mode: .readWrite)
        for file in Self.files where file.hasPrefix("raw/") {
            _ = try raw.importSurvey(
                at: try #require(TestPaths.sharedData("wigle/ariel_2017/" + file)).path, options: ImportOptions(), progress: nil)
        }
        func accessPoints(_ map: RadioMap) throws -> Int64 { try map.connection.integer("SELECT count(*) FROM access_points") }
        #expect(try accessPoints(merged) == accessPoints(raw))
        #expect(try accessPoints(merged) > 1_000)
    }

    @Test func emptyOperatorCellsAreRejectedWithTheirReason() throws {
        let directory = TemporaryDirectory()
        let path = try #require(TestPaths.sharedData("wigle/ariel_2017/raw/Ariel-OOP__Exercise_0__WigleWifi_20171027164529.csv")).path
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.rejections.first { $0.reason == "missing operator" }?.firstLines == [5, 7])
    }
}
