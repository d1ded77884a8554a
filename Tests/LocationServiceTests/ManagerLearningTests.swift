import Foundation
import PositioningCore
import RadioMap
import TestSupport
import Testing
import TownTestSupport

@testable import LocationService

/// Learning what a manager reads (`watch --learn`'s engine): the walk's GPS-tagged scans stored
/// in the map under an import of their own, and a calibrated map kept calibrated.
@Suite(.preparing(TestTown.fixture), .onItsOwnThread) struct ManagerLearningTests {
    let town = TestTown.shared

    /// Replays the town's walk through a manager reading every source, learned into `path`.
    private func learnTheWalk(into path: String, recalibrating: Bool) async throws -> ManagerLearning.Outcome {
        var options = LocationManager.Options()
        options.readsEverySource = true
        let manager = LocationManager(
            options: options, radios: ReplayRadios(samples: town.walk, pace: .unpaced, startingAt: nil),
            resolver: RadioMapResolver(path: path))
        let learning = try await ManagerLearning.start(manager, databasePath: path, name: "test walk")
        let (fixes, error) = await collect(await manager.updates())
        #expect(error == nil && !fixes.isEmpty, "the replayed walk ends normally")
        return await learning.finish(recalibrating: recalibrating)
    }

    @Test func theWalksSightingsAreStoredUnderOneImportThatCanBeForgotten() async throws {
        let directory = TemporaryDirectory("manager-learning")
        let path = directory.path("map.sqlite")
        try FileManager.default.copyItem(atPath: town.path, toPath: path)
        let before = try RadioMap(path: path, mode: .readOnly).imports().count

        let outcome = try await learnTheWalk(into: path, recalibrating: true)
        #expect(outcome.failure == nil && outcome.recalibrationFailure == nil)
        #expect(outcome.report.samplesAccepted > 0 && outcome.report.observationsStored > 0, "\(outcome.report)")
        let id = try #require(outcome.report.importID)
        let imports = try RadioMap(path: path, mode: .readOnly).imports()
        #expect(imports.count == before + 1 && imports.last?.id == id && imports.last?.name == "test walk")
        if case .notCalibrated = outcome.recalibration {} else {
            Issue.record("a map never calibrated stays so, got \(String(describing: outcome.recalibration))")
        }
        #expect(outcome.report.summary.contains("Undo: whereabouts db forget-import \(id)"), "\(outcome.report.summary)")
    }

    @Test func aCalibratedMapIsRecalibratedWithTheLearnedScansUnlessAskedNotTo() async throws {
        for recalibrating in [true, false] {
            let directory = TemporaryDirectory("manager-learning-calibrated")
            let path = directory.path("map.sqlite")
            try FileManager.default.copyItem(atPath: town.path, toPath: path)
            let first = try MapCalibration().recalibrate(try RadioMap(path: path, mode: .readWrite))
            let storedBefore = try RadioMap(path: path, mode: .readOnly).calibrationFactors()
            #expect(!first.factors.isEmpty)

            let outcome = try await learnTheWalk(into: path, recalibrating: recalibrating)
            #expect(outcome.failure == nil && outcome.recalibrationFailure == nil)
            if recalibrating {
                guard case .recalibrated(let again) = outcome.recalibration else {
                    Issue.record("expected a recalibration, got \(String(describing: outcome.recalibration))")
                    continue
                }
                #expect(again.samples > first.samples, "the learned GPS-tagged scans join the held-out fixes")
            } else {
                #expect(outcome.recalibration == nil)
                #expect(try RadioMap(path: path, mode: .readOnly).calibrationFactors() == storedBefore)
            }
        }
    }

    @Test func aSessionThatEndedWellSummarisesItsReportAndNoProblem() throws {
        var report = LearningReport()
        (report.samplesOffered, report.samplesAccepted, report.observationsStored, report.importID) = (10, 8, 40, 7)
        let outcome = ManagerLearning.Outcome(report: report, recalibration: .tooManySightings)
        #expect(outcome.problem == nil && !outcome.recalibrated)
        #expect(outcome.summaryLines.count == 2, "the report, then why the factors predate it")
        #expect(outcome.summaryLines.first == report.summary)
        #expect(outcome.json.contains("\"recalibrated\":false") && !outcome.json.contains("\"error\""))
        #expect(ManagerLearning.Outcome(report: report).summaryLines == [report.summary], "no recalibration tried, no line about it")
    }

    @Test func aFailedWriteStopsLearningAndAFailedRecalibrationIsReportedWithItsRemedy() throws {
        let disk = RadioMapError.diskFull(path: "map.sqlite", disk: "/")
        let stopped = ManagerLearning.Outcome(report: LearningReport(), failure: disk)
        guard case .learningStopped = stopped.problem else { Issue.record("a failed write stops learning"); return }
        #expect(stopped.problem?.description == "learning stopped: \(disk.description)")
        #expect(stopped.json.contains("\"error\":\"learning stopped: "))

        let recalibration = ManagerLearning.Outcome(report: LearningReport(), recalibrationFailure: disk)
        guard case .recalibrationFailed = recalibration.problem else { Issue.record("the recalibration failed"); return }
        #expect(recalibration.problem?.description.contains("the learned sightings are stored; run `whereabouts db calibrate`") == true)
        #expect(!recalibration.recalibrated)
    }
}
