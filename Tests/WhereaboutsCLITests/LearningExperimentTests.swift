import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import WhereaboutsCLI

@Suite(.serialized) struct LearningExperimentTests {
    @Test func learningADriveBringsTheMovedAreaBackToTheLevelOfTheRest() throws {
        let directory = TemporaryDirectory("learning")
        var specification = TownSpecification(seed: 5, centre: TownSpecification.defaultCentre, size: .small)
        specification.movedFraction = 0.1
        let result = try LearningExperiment(specification: specification).run(in: directory.url.path)
        let beforeMoved = try #require(result.before.movedArea.p68)
        let afterMoved = try #require(result.after.movedArea.p68)
        let afterElsewhere = try #require(result.after.elsewhere.p68)
        #expect(result.before.movedArea.queries > 20)
        #expect(afterMoved < beforeMoved)
        #expect(afterMoved <= afterElsewhere * 1.1)
        #expect(result.after.all.answered >= result.before.all.answered)
        #expect(try #require(result.after.all.p68) < #require(result.before.all.p68))

        // The moved routers the drive heard are placed where they are now, not where the survey was.
        let town = Town(specification)
        let map = try RadioMap(path: directory.path("learning.sqlite"), mode: .readOnly)
        let moved = town.accessPoints.filter { $0.isMoved && $0.role == .primary && !$0.isOptedOut }
        let known = try map.accessPoints(for: moved.map(\.bssid))
        var relearned = 0
        for accessPoint in moved {
            guard let entry = known[accessPoint.bssid], entry.status == .usable else { continue }
            relearned += 1
            let now = town.coordinate(of: accessPoint.currentPosition)
            let then = town.coordinate(of: accessPoint.surveyedPosition)
            #expect(Geodesy.distance(from: entry.coordinate, to: now) < Geodesy.distance(from: entry.coordinate, to: then))
            #expect(Geodesy.distance(from: entry.coordinate, to: now) < 100)
        }
        #expect(relearned >= moved.count / 2)
    }

    @Test func evalLearnPrintsBeforeAndAfterFigures() async throws {
        let run = await CLIRun(["eval", "--learn", "--seed", "3", "--size", "tiny", "--drive-minutes", "10", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let groups = try #require(report["groups"]?.arrayValue)
        #expect(groups.compactMap { $0["phase"]?.stringValue } == ["before", "before", "before", "after", "after", "after"])
        #expect((report["learned"]?["observationsStored"]?.doubleValue ?? 0) > 0)
        let usage = await CLIRun(["eval", "--learn", "--size", "huge"])
        #expect(usage.status == 64)

        // A town written by `simulate` is rebuilt from its town.json.
        let town = await SharedTown.shared.town()
        let fromTown = await CLIRun(["eval", "--town", town, "--learn", "--drive-minutes", "5", "--json"])
        #expect(fromTown.status == 0, "\(fromTown.errors)")
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
        let calibrated = await CLIRun(arguments + ["--calibrate"])
        #expect(calibrated.status == 0, "\(calibrated.errors)")
        #expect(try JSONParser.parse(calibrated.output)["calibrated"]?.boolValue == true)
        #expect(try median(calibrated, "before") < median(plain, "before"), "the kept survey scans place the queries better")
        #expect(try median(calibrated, "after") < median(calibrated, "before"))
        let misplaced = await CLIRun(["eval", "--town", await SharedTown.shared.town(), "--calibrate"])
        #expect(misplaced.status == 64, "--calibrate applies to --learn")
    }
}
