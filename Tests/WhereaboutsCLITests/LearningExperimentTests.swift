import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import WhereaboutsCLI

@Suite(.serialized) struct LearningExperimentTests {
    @Test func evalLearnPrintsBeforeAndAfterFigures() async throws {
        let run = await CLIRun(["eval", "--learn", "--seed", "3", "--size", "tiny", "--drive-minutes", "10", "--json"])
        try #require(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let groups = try #require(report["groups"]?.arrayValue)
        #expect(groups.compactMap { $0["phase"]?.stringValue } == ["before", "before", "before", "after", "after", "after"])
        #expect((report["learned"]?["observationsStored"]?.doubleValue ?? 0) > 0)
        let usage = await CLIRun(["eval", "--learn", "--size", "huge"])
        #expect(usage.status == 64)

        // A town written by `simulate` is rebuilt from its town.json.
        let town = await SharedTown.shared.town()
        let fromTown = await CLIRun(["eval", "--town", town, "--learn", "--drive-minutes", "5", "--json"])
        try #require(fromTown.status == 0, "\(fromTown.errors)")
        #expect(try JSONParser.parse(fromTown.output)["seed"]?.doubleValue == 11)
        let notATown = await CLIRun(["eval", "--town", TemporaryDirectory().url.path, "--learn"])
        #expect(notATown.status == 65)
    }

    @Test func evalLearnCalibrateLocatesWithTheMapsCalibrationAndKeptScans() async throws {
        // As a user who ran `db calibrate` sees it: the same town and drive, located with the
        // stored factors and the kept survey scans, and recalibrated after learning.
        let arguments = ["eval", "--learn", "--seed", "3", "--size", "tiny", "--drive-minutes", "10", "--json"]
        func median(_ run: CLIRun, _ phase: String) throws -> Double {
            let report = try JSONParser.parse(run.output)
            let group = try #require(report["groups"]?.arrayValue?.first {
                $0["phase"]?.stringValue == phase && $0["area"]?.stringValue == "all"
            })
            return try #require(group["median"]?.doubleValue)
        }
        let plain = await CLIRun(arguments)
        try #require(plain.status == 0, "\(plain.errors)")
        let calibrated = await CLIRun(arguments + ["--calibrate"])
        try #require(calibrated.status == 0, "\(calibrated.errors)")
        #expect(try JSONParser.parse(calibrated.output)["calibrated"]?.boolValue == true)
        #expect(try median(calibrated, "before") < median(plain, "before"), "the kept survey scans place the queries better")
        #expect(try median(calibrated, "after") < median(calibrated, "before"))
        let misplaced = await CLIRun(["eval", "--town", await SharedTown.shared.town(), "--calibrate"])
        #expect(misplaced.status == 64, "--calibrate applies to --learn")
    }
}
