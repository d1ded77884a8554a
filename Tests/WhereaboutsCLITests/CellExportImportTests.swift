import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import WhereaboutsCLI

/// All of OpenCellID for a laptop: `--mcc` and `--within` keep what it can hear, daily diffs
/// update cells in place (an older one imported later changes nothing), and the final MLS export
/// imports the same way. Through the CLI on temporary maps.
@Suite struct CellExportImportTests {
    static let header = "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal\n"

    /// An LTE cell of 262-2 area 44803 at `latitude, longitude`, `updated` in Unix seconds.
    static func row(_ cell: Int, mcc: Int = 262, latitude: Double, longitude: Double, range: Int = 1000, updated: Int) -> String {
        "LTE,\(mcc),2,44803,\(cell),0,\(longitude),\(latitude),\(range),10,1,1459781580,\(updated),0\n"
    }

    /// Where `locate` puts a request hearing LTE cell `cell` of 262-2 area 44803 alone; nil when
    /// the map does not know the cell.
    static func locateCell(_ cell: Int, map: String, in temporary: TemporaryDirectory) async throws -> Coordinate? {
        let request = temporary.path("cell-\(cell).json")
        try """
            {"cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":2,"locationAreaCode":44803,"cellId":\(cell)}]}
            """.write(toFile: request, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", map, "--request", request])
        let response = try JSONParser.parse(Array(run.output.utf8))
        // An area's answer (the cell unknown, its area known) is not the cell's.
        guard let location = response["location"], response["method"]?.stringValue != "area" else { return nil }
        return Coordinate(latitude: location["lat"]?.doubleValue ?? 0, longitude: location["lng"]?.doubleValue ?? 0)
    }

    static func gzip(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-n", "-f", path])
        #expect(run.status == 0, "\(run.standardError)")
    }

    @Test func mccAndWithinKeepOnlyCellsThatReachTheCircle() async throws {
        let temporary = TemporaryDirectory()
        let file = temporary.path("cell_towers.csv")
        // Centre 52.52, 13.405; 0.1° of latitude is 11.1 km.
        try (Self.header
            + Self.row(1, latitude: 52.565, longitude: 13.405, updated: 1_700_000_000)             // 5 km: kept
            + Self.row(2, latitude: 52.655, longitude: 13.405, updated: 1_700_000_000)             // 15 km: out
            + Self.row(3, latitude: 52.655, longitude: 13.405, range: 8_000, updated: 1_700_000_000)  // reaches in: kept
            + Self.row(4, mcc: 232, latitude: 52.521, longitude: 13.405, updated: 1_700_000_000)   // other country: out
            + Self.row(5, latitude: 53.551, longitude: 9.993, updated: 1_700_000_000)              // Hamburg: out
            + "LTE,262,2,44803,6,0,13.405,91.5,1000,10,1,1,1,0\n")                                 // bad row: rejected
            .write(toFile: file, atomically: true, encoding: .utf8)
        let map = temporary.path("map.sqlite")
        let run = await CLIRun(["import", "--db", map, "--mcc", "262", "--within", "52.52,13.405,10", "--json", file])
        #expect(run.status == 0, "\(run.errors)")
        let summary = try #require(try JSONParser.parse(Array(run.output.utf8))["files"]?[0])
        #expect(summary["rowsRead"]?.integerValue == 6)
        #expect(summary["rowsImported"]?.integerValue == 2)
        #expect(summary["rowsFilteredOut"]?.integerValue == 3)
        #expect(summary["rowsRejected"]?.integerValue == 1)
        #expect(summary["cellsNew"]?.integerValue == 2)
        #expect(try await Self.locateCell(1, map: map, in: temporary) != nil)
        #expect(try await Self.locateCell(3, map: map, in: temporary) != nil)
        #expect(try await Self.locateCell(2, map: map, in: temporary) == nil)

        let text = await CLIRun(["import", "--db", temporary.path("other.sqlite"), "--mcc", "232,208", file])
        #expect(text.output.contains("6 rows read, 1 imported, 4 left out by --mcc/--within, 1 rejected"), "\(text.output)")
    }

    @Test(arguments: [
        (["--mcc", "26x"], "--mcc expects"), (["--mcc", "1000"], "--mcc expects"), (["--within", "52.5,13.4"], "--within expects"),
        (["--within", "52.5,13.4,-1"], "--within expects"), (["--within", "95,13.4,5"], "--within expects"),
    ])
    func malformedFiltersAreUsageErrors(arguments: [String], message: String) async throws {
        let temporary = TemporaryDirectory()
        let file = temporary.path("cells.csv")
        try (Self.header + Self.row(1, latitude: 52.5, longitude: 13.4, updated: 1)).write(toFile: file, atomically: true, encoding: .utf8)
        let run = await CLIRun(["import", "--db", temporary.path("map.sqlite")] + arguments + [file])
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: temporary.path("map.sqlite")))
    }

    /// The full export, then the daily diffs out of order, again, and the final MLS export.
    @Test func dailyDiffsUpdateCellsInPlaceAndOlderDataChangesNothing() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let (day0, day1, day2) = (1_764_201_600, 1_764_288_000, 1_764_374_400)
        try Self.gzip(Self.header + Self.row(1, latitude: 52.50, longitude: 13.40, updated: day0)
                      + Self.row(2, latitude: 52.51, longitude: 13.41, updated: day0), to: temporary.path("cell_towers.csv"))
        try Self.gzip(Self.header + Self.row(1, latitude: 52.60, longitude: 13.40, updated: day1)
                      + Self.row(3, latitude: 52.53, longitude: 13.42, updated: day1),
                      to: temporary.path("OCID-diff-cell-export-2026-11-28-T000000.csv"))
        try Self.gzip(Self.header + Self.row(1, latitude: 52.70, longitude: 13.40, updated: day2),
                      to: temporary.path("OCID-diff-cell-export-2026-11-29-T000000.csv"))
        let full = await CLIRun(["import", "--db", map, "--json", temporary.path("cell_towers.csv.gz")])
        #expect(full.status == 0, "\(full.errors)")
        // The newer diff first, then the older one: cell 1 keeps the newer position.
        let newer = await CLIRun(["import", "--db", map, temporary.path("OCID-diff-cell-export-2026-11-29-T000000.csv.gz")])
        #expect(newer.output.contains("cells: 0 new, 1 updated\n"), "\(newer.output)")
        let older = await CLIRun(["import", "--db", map, temporary.path("OCID-diff-cell-export-2026-11-28-T000000.csv.gz")])
        #expect(older.output.contains("opencellid"), "\(older.output)")
        #expect(older.output.contains("cells: 1 new, 0 updated, 1 unchanged (the map's copy is newer)"), "\(older.output)")
        let moved = try #require(try await Self.locateCell(1, map: map, in: temporary))
        #expect(abs(moved.latitude - 52.70) < 1e-6)
        #expect(try await Self.locateCell(3, map: map, in: temporary) != nil)
        let stats = await CLIRun(["db", "stats", "--db", map, "--json"])
        let again = await CLIRun(["import", "--db", map, temporary.path("OCID-diff-cell-export-2026-11-28-T000000.csv.gz")])
        #expect(again.output.contains("already imported"))
        #expect(await CLIRun(["db", "stats", "--db", map, "--json"]).output == stats.output)

        // Mozilla's final export (March 2024): empty unit and averageSignal, older than OpenCellID's rows.
        let mls = temporary.path("MLS-full-cell-export-2024-03-12T000000.csv")
        try Self.gzip(Self.header + "LTE,262,2,44803,1,,13.30,52.40,1200,40,1,1286049326,1710201600,\n"
                      + "LTE,262,2,44803,4,,13.44,52.55,900,12,1,1286049326,1710201600,\n", to: mls)
        let final = await CLIRun(["import", "--db", map, mls + ".gz"])
        #expect(final.status == 0, "\(final.errors)")
        #expect(final.output.contains("(opencellid): 2 rows read, 2 imported, 0 rejected"), "\(final.output)")
        #expect(final.output.contains("cells: 1 new, 0 updated, 1 unchanged"), "\(final.output)")
        #expect(abs(((try await Self.locateCell(1, map: map, in: temporary))?.latitude ?? 0) - 52.70) < 1e-6)
        let mlsOnly = try #require(try await Self.locateCell(4, map: map, in: temporary))
        #expect(abs(mlsOnly.latitude - 52.55) < 1e-6)
    }
}
