import Foundation
import Testing
import TestSupport

@testable import RadioMap
@testable import WhereaboutsCLI

/// A file cut short — a download or copy broken off, a logger losing power — given to each
/// importer: a plain file's cut last row is rejected with its line and stored nowhere (the map
/// is the one the file without that line gives), a compressed file's cut stream is refused with
/// exit 65 and nothing stored. (The databases: `SurveyDatabaseImportTests`; geosubmit: below.)
@Suite struct ImportTruncationTests {
    /// A fixture's first `lines` lines (each a good row at the end), in the format named.
    struct Case: CustomTestStringConvertible, Sendable {
        var format: String
        var fixture: String
        var lines: Int
        var testDescription: String { "\(format) (\(fixture))" }
    }

    static let cases: [Case] = [
        Case(format: "opencellid", fixture: "radiomap/opencellid_ukraine_sample.csv", lines: 31),
        Case(format: "wigle", fixture: "radiomap/marauder_v255_excerpt.log", lines: 22),
        Case(format: "scanlog", fixture: "radiomap/esp8266_scanlog.csv", lines: 4),
        Case(format: "neostumbler", fixture: "radiomap/neostumbler_cells.csv", lines: 3),
        Case(format: "microg", fixture: "radiomap/microg_cell.csv.gz", lines: 2),
        Case(format: "lnb", fixture: "radiomap/lnb_emitters_v4.csv", lines: 3),
        Case(format: "aplist", fixture: "radiomap/aplist_darmstadt_sample.csv", lines: 13),
        Case(format: "fingerprints", fixture: "radiomap/ujiindoorloc_sample.csv", lines: 5),
        Case(format: "kismet", fixture: "radiomap/kismet_devices_export.tsv", lines: 2),
        Case(format: "geonames", fixture: "places/places_sample.txt", lines: 20),
    ]

    /// The case's whole text: its fixture's first lines, each ended (a gzip fixture unpacked).
    static func wholeText(_ test: Case) throws -> [UInt8] {
        let url = TestPaths.fixture(test.fixture)
        var bytes: [UInt8]
        if test.fixture.hasSuffix(".gz") {
            let run = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-d", "-c", url.path])
            bytes = Array(run.standardOutput.utf8)
        } else {
            bytes = Array(try Data(contentsOf: url))
        }
        let ends = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
        try #require(ends.count >= test.lines)
        bytes = Array(bytes[...ends[test.lines - 1]])
        return bytes
    }

    /// `bytes` without their last line end and the byte before it: the last row cut inside its last value.
    static func cutInsideLastValue(_ bytes: [UInt8]) -> [UInt8] {
        var cut = bytes
        while let last = cut.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { cut.removeLast() }
        cut.removeLast()
        return cut
    }

    /// `bytes` without their last line.
    static func withoutLastLine(_ bytes: [UInt8]) -> [UInt8] {
        let body = bytes.dropLast()
        guard let end = body.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
        return Array(bytes[...end])
    }

    /// Everything the map holds about emitters, places and sightings, row by row.
    static func content(ofMap path: String) throws -> [String] {
        let map = try RadioMap(path: path, mode: .readOnly)
        var rows: [String] = []
        for table in ["access_points", "ap_observations", "ap_observation_summaries", "cells", "cell_observations",
                      "cell_observation_summaries", "areas", "places", "place_countries", "place_admin_areas",
                      "fingerprints", "fingerprint_readings"] {
            guard try map.connection.integer("SELECT count(*) FROM sqlite_master WHERE name = '\(table)'") == 1 else { continue }
            let statement = try map.connection.makeStatement(sql: "SELECT * FROM \(table)")
            while try statement.step() {
                rows.append(table + ": " + (0..<statement.columnCount).map { statement.text($0) ?? "null" }
                    .joined(separator: "|"))
            }
        }
        return rows.sorted()
    }

    static func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: cases)
    func aPlainFileCutMidRowHasItsLastRowRejectedAndNothingWrongStored(_ test: Case) async throws {
        let temporary = TemporaryDirectory()
        let whole = try Self.wholeText(test)
        let name = (test.fixture as NSString).lastPathComponent.replacingOccurrences(of: ".gz", with: "")
        let cutPath = temporary.path("cut-" + name), shortPath = temporary.path("short-" + name),
            wholePath = temporary.path(name)
        try Self.write(Self.cutInsideLastValue(whole), cutPath)
        try Self.write(Self.withoutLastLine(whole), shortPath)
        try Self.write(whole, wholePath)

        let cut = await CLIRun(["import", "--db", temporary.path("cut.sqlite"), "--no-calibrate", cutPath])
        #expect(cut.status == 0, "\(cut.errors)")
        #expect(cut.output.contains("(\(test.format)):"), "\(cut.output)")
        #expect(cut.output.contains("line \(test.lines): the file ends mid-line (truncated?)"), "\(cut.output)")
        let short = await CLIRun(["import", "--db", temporary.path("short.sqlite"), "--no-calibrate", shortPath])
        let full = await CLIRun(["import", "--db", temporary.path("whole.sqlite"), "--no-calibrate", wholePath])
        #expect(short.status == 0 && full.status == 0, "\(short.errors) \(full.errors)")
        // The cut row is stored nowhere, not even in part: the map is the one without that line …
        let cutMap = try Self.content(ofMap: temporary.path("cut.sqlite"))
        #expect(cutMap == (try Self.content(ofMap: temporary.path("short.sqlite"))))
        // … while the whole last row, with its line end, is stored.
        #expect(cutMap != (try Self.content(ofMap: temporary.path("whole.sqlite"))))

        // With --strict the cut row (or a bad row before it) stops the import: exit 65, nothing stored.
        let strict = await CLIRun(["import", "--db", temporary.path("strict.sqlite"), "--strict", cutPath])
        #expect(strict.status == 65)
        if short.output.contains(" 0 rejected") {
            #expect(strict.errors.contains("line \(test.lines)") && strict.errors.contains("the file ends mid-line (truncated?)"),
                    "\(strict.errors)")
        }
        let stats = await CLIRun(["db", "stats", "--db", temporary.path("strict.sqlite"), "--json"])
        #expect(stats.output.contains("\"imports\":0"), "\(stats.output)")
    }

    /// GeoNames files are read plain only, so only the survey formats have a compressed case.
    @Test(arguments: cases.filter { $0.format != "geonames" })
    func aCompressedFileCutShortIsRefusedWithExit65AndNothingStored(_ test: Case) async throws {
        let temporary = TemporaryDirectory()
        let name = (test.fixture as NSString).lastPathComponent.replacingOccurrences(of: ".gz", with: "")
        let plainPath = temporary.path(name)
        try Self.write(try Self.wholeText(test), plainPath)
        let packed = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-n", "-f", plainPath])
        try #require(packed.status == 0, "\(packed.standardError)")
        let gzip = Array(try Data(contentsOf: URL(fileURLWithPath: plainPath + ".gz")))
        // Cut inside the deflate stream (an 8-byte trailer follows it): the decoder says so.
        try Self.write(Array(gzip.prefix(gzip.count - 12)), plainPath + ".gz")
        let map = temporary.path("map.sqlite")
        let run = await CLIRun(["import", "--db", map, plainPath + ".gz"])
        #expect(run.status == 65)
        #expect(run.errors.hasPrefix("Error: ") && run.errors.contains("truncated gzip stream"), "\(run.errors)")
        let stats = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(stats.output.contains("\"imports\":0"), "\(stats.output)")
    }

    /// A geosubmit document ends with its closing brackets, so a cut one is seen as cut: the
    /// whole document is refused (exit 65) and nothing of it stored, plain or compressed.
    @Test(arguments: [false, true])
    func aGeosubmitDocumentCutShortIsRefusedWhole(compressed: Bool) async throws {
        let temporary = TemporaryDirectory()
        let whole = Array(try Data(contentsOf: TestPaths.fixture("radiomap/geosubmit_sample.json")))
        let path = temporary.path("cut.json")
        try Self.write(Array(whole.prefix(whole.count * 3 / 4)), path)
        if compressed {
            let packed = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-n", "-f", path])
            try #require(packed.status == 0)
        }
        let map = temporary.path("map.sqlite")
        let run = await CLIRun(["import", "--db", map, path + (compressed ? ".gz" : "")])
        #expect(run.status == 65)
        #expect(run.errors.hasPrefix("Error: "), "\(run.errors)")
        let stats = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(stats.output.contains("\"imports\":0"), "\(stats.output)")
    }
}
