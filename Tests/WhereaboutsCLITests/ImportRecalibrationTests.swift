import Foundation
import JSONCodec
import Testing
import TestSupport

@testable import PositioningCore

/// A calibrated map stays calibrated for what it holds: importing another walk recomputes the
/// radius factors and the kept survey scans, unless told not to; a map never calibrated is left
/// with its raw radius.
@Suite struct ImportRecalibrationTests {
    /// The shared town's survey cut in two walks' worth of rows, each a WiGLE file of its own.
    static func halves(of town: String, in directory: TemporaryDirectory) throws -> (String, String) {
        let lines = try String(contentsOfFile: town + "/survey.wigle.csv", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix(2).joined(separator: "\n") + "\n"
        let rows = lines.dropFirst(2).filter { !$0.isEmpty }
        let paths = (directory.path("first.wigle.csv"), directory.path("second.wigle.csv"))
        try (header + rows.prefix(rows.count / 2).joined(separator: "\n") + "\n")
            .write(toFile: paths.0, atomically: true, encoding: .utf8)
        try (header + rows.dropFirst(rows.count / 2).joined(separator: "\n") + "\n")
            .write(toFile: paths.1, atomically: true, encoding: .utf8)
        return paths
    }

    static func keptScans(_ map: String) async throws -> Int {
        let stats = try await EvalProcessRun(["db", "stats", "--db", map, "--json"])
        return try #require(JSONParser.parse(stats.output)["surveyFingerprints"]?.integerValue)
    }

    @Test func importingIntoACalibratedMapRecalibratesIt() async throws {
        let town = await SharedTown.shared.town()
        let directory = TemporaryDirectory("import-recalibration")
        let (first, second) = try Self.halves(of: town, in: directory)
        let map = directory.path("map.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", map, first])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(!imported.output.contains("recalibrated"), "a map never calibrated keeps its raw radius")
        let calibrated = try await EvalProcessRun(["db", "calibrate", "--db", map])
        #expect(calibrated.status == 0, "\(calibrated.errors)")
        let keptBefore = try await Self.keptScans(map)
        #expect(keptBefore > 0, "\(calibrated.output)")

        let more = try await EvalProcessRun(["import", "--db", map, second])
        #expect(more.status == 0, "\(more.errors)")
        #expect(more.output.contains("Radius recalibrated"), "\(more.output)")
        // The second walk's scans are fingerprints now too.
        #expect(try await Self.keptScans(map) > keptBefore)
    }

    @Test func noCalibrateLeavesTheStoredCalibrationAsItWas() async throws {
        let town = await SharedTown.shared.town()
        let directory = TemporaryDirectory("import-no-recalibration")
        let (first, second) = try Self.halves(of: town, in: directory)
        let map = directory.path("map.sqlite")
        _ = try await EvalProcessRun(["import", "--db", map, "--quiet", first])
        _ = try await EvalProcessRun(["db", "calibrate", "--db", map])
        let keptBefore = try await Self.keptScans(map)
        let more = try await EvalProcessRun(["import", "--db", map, "--no-calibrate", second])
        #expect(more.status == 0, "\(more.errors)")
        #expect(!more.output.contains("recalibrated"))
        #expect(try await Self.keptScans(map) == keptBefore)
    }
}
