import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import WhereaboutsCLI

@Suite struct DatabaseForgetExportTests {
    /// A private copy of the shared town's survey map (these tests change it).
    private static func map(in temporary: TemporaryDirectory) async throws -> String {
        let path = temporary.path("map.sqlite")
        let town = await SharedTown.shared.town()
        let run = await CLIRun(["import", "--quiet", "--db", path, town + "/survey.wigle.csv"])
        #expect(run.status == 0, "\(run.errors)")
        return path
    }

    /// The emitter ids each response line used.
    private static func usedEmitters(_ batch: String) throws -> [[String]] {
        try batch.split(separator: "\n").map { line in
            let response = try JSONParser.parse(String(line))
            return (response["emitters"]?["used"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        }
    }

    @Test func aForgottenAccessPointStopsInfluencingLocate() async throws {
        let temporary = TemporaryDirectory()
        let map = try await Self.map(in: temporary)
        let queries = await SharedTown.shared.town() + "/queries.jsonl"
        let before = await CLIRun(["locate", "--db", map, "--batch", queries])
        let used = try Self.usedEmitters(before.output)
        let counts = Dictionary(used.flatMap { $0 }.filter { $0.contains(":") }.map { ($0, 1) }, uniquingKeysWith: +)
        let (bssid, _) = try #require(counts.max { $0.value < $1.value })
        let forget = await CLIRun(["db", "forget", "--db", map, bssid])
        #expect(forget.status == 0, "\(forget.errors)")
        #expect(forget.output.hasPrefix("Forgot "))
        let after = await CLIRun(["locate", "--db", map, "--batch", queries])
        #expect(try Self.usedEmitters(after.output).allSatisfy { !$0.contains(bssid) })
        let again = await CLIRun(["db", "forget", "--db", map, bssid])
        #expect(again.output.hasPrefix("Nothing to forget"))
    }

    @Test(arguments: [
        (["bogus"], "neither a BSSID"), (["lte/262/2/44803"], "neither a BSSID"), ([], "say what to forget"),
        (["--area", "52.5,13.4"], "--area expects"), (["--area", "52.5,13.4,-5"], "--area expects"),
        (["--before", "yesterday"], "--before expects"), (["aa:bb:cc:dd:ee:ff", "--before", "2024-01-01"], "give one of"),
    ])
    func badTargetsAreUsageErrorsAndChangeNothing(arguments: [String], message: String) async throws {
        let temporary = TemporaryDirectory()
        let map = try await Self.map(in: temporary)
        let before = await CLIRun(["db", "stats", "--db", map, "--json"])
        let run = await CLIRun(["db", "forget", "--db", map] + arguments)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(await CLIRun(["db", "stats", "--db", map, "--json"]).output == before.output)
    }

    @Test func forgettingByAreaCellAndDateReportsWhatWentAsJSON() async throws {
        let temporary = TemporaryDirectory()
        let map = try await Self.map(in: temporary)
        let area = await CLIRun(["db", "forget", "--db", map, "--area", "52.52,13.405,150", "--json"])
        #expect(area.status == 0, "\(area.errors)")
        #expect((try JSONParser.parse(area.output)["observationsRemoved"]?.doubleValue ?? 0) > 0)
        let cell = await CLIRun(["db", "forget", "--db", map, "lte/262/1/1/1", "--json"])
        #expect(cell.status == 0, "\(cell.errors)")
        let everything = await CLIRun(["db", "forget", "--db", map, "--before", "2100-01-01", "--json"])
        #expect(everything.status == 0)
        let stats = try JSONParser.parse(await CLIRun(["db", "stats", "--db", map, "--json"]).output)
        #expect(stats["accessPoints"]?.doubleValue == 0)
    }

    @Test(arguments: ["wigle", "geosubmit"])
    func anExportReimportedIntoAnEmptyMapLocatesTheSame(format: String) async throws {
        let temporary = TemporaryDirectory()
        let map = try await Self.map(in: temporary)
        let file = temporary.path("export.\(format)")
        let export = await CLIRun(["db", "export", "--db", map, "--format", format, "--output", file])
        #expect(export.status == 0, "\(export.errors)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let stdout = await CLIRun(["db", "export", "--db", map, "--format", format])
        #expect(stdout.output == (try String(contentsOfFile: file, encoding: .utf8)))
        let copy = temporary.path("copy.sqlite")
        let imported = await CLIRun(["import", "--quiet", "--strict", "--db", copy, file])
        #expect(imported.status == 0, "\(imported.errors)")
        let queries = await SharedTown.shared.town() + "/queries.jsonl"
        let original = await CLIRun(["locate", "--db", map, "--batch", queries])
        let rebuilt = await CLIRun(["locate", "--db", copy, "--batch", queries])
        #expect(!original.output.isEmpty)
        #expect(rebuilt.output == original.output)
    }

    @Test func exportNeedsAKnownFormat() async throws {
        let temporary = TemporaryDirectory()
        let map = try await Self.map(in: temporary)
        let run = await CLIRun(["db", "export", "--db", map, "--format", "kml"])
        #expect(run.status == 64)
        #expect(run.errors.contains("wigle or geosubmit"))
    }
}
