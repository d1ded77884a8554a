import Foundation
import PositioningCore
import RadioMap
import Synchronization
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// Pooled runs: every town (or held-out device) is its own evaluation, its map calibrated from
/// its own survey before its queries are scored, and the lines come back in order.
@Suite(.onItsOwnThread) struct PooledEvaluationTests {
    /// A scorer that answers every query at its truth, and checks what it was handed.
    static func recordingScorer() -> PooledEvaluation.Scorer {
        { queries, truth, radioMap, factors in
            let truths = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n")
            let queryLines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
            #expect(truths.count == queryLines.count)
            #expect(try radioMap.statistics().surveyFingerprints > 0, "the kept survey scans are stored before scoring")
            #expect(factors.contains { $0.source == .wifi }, "the map's own factors, just computed")
            #expect(try radioMap.calibrationFactors().isEmpty, "and not stored: the map is the evaluation's")
            return EvaluationReport(outcomes: truths.map { _ in
                EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .tenOrMore, error: 1, radius: 2)
            })
        }
    }

    @Test func eachTownIsWrittenCalibratedAndScoredInItsOwnScratchDirectory() throws {
        let done = DoneCount()
        let pooled = PooledEvaluation(
            calibration: MapCalibration(), score: Self.recordingScorer(),
            progress: { _, count in
                done.count.withLock { $0 += 1 }
                #expect(count == 2)
            })
        let lines = try pooled.towns(seeds: [4, 2], centre: TownSpecification.defaultCentre, size: .tiny)
        #expect(lines.map(\.label) == ["4", "2"], "lines in the seeds' order")
        #expect(done.count.withLock { $0 } == 2)
        for line in lines {
            #expect(line.wifi?.queries ?? 0 > 10 && line.wifi?.insideRadiusFraction == 1)
        }
        let report = PooledReport(title: "2 towns", labelName: "seed", lines: lines, estimator: "whereabouts")
        #expect(report.text.hasPrefix("2 towns:\n"))
        #expect(report.json.contains("\"towns\":[{\"seed\":4,"))
    }

    @Test func poolingEstimatorsScoresEachTownWithThoseEstimatorsAndItsOwnFactors() throws {
        let pooled = PooledEvaluation(estimators: [.whereabouts], calibration: MapCalibration())
        let lines = try pooled.towns(seeds: [3], centre: TownSpecification.defaultCentre, size: .tiny)
        let report = try #require(lines.first?.report)
        #expect(Set(report.outcomes.map(\.estimator)) == ["whereabouts"], "only the estimators named")
        #expect(lines[0].wifi?.answered ?? 0 > 10 && lines[0].peerWiFi == nil)
    }

    @Test func aSurveyOfOnePhoneCannotBeSplitByPhones() throws {
        let directory = TemporaryDirectory("pooled-one-phone")
        let survey = directory.path("survey.csv")
        try ("device_model,MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
            + "phone,02:00:00:00:00:01,a,[ESS],2017-10-27 10:00:00,6,-60,32.1,34.8,30,5,WIFI\n")
            .write(toFile: survey, atomically: true, encoding: .utf8)
        let pooled = PooledEvaluation(calibration: MapCalibration(), score: Self.recordingScorer())
        #expect {
            _ = try pooled.devices(of: survey, split: SurveySplit(rule: .device("phone")))
        } throws: { error in
            (error as? EvaluationError)?.description == "\(survey) names 1 device model(s) in a device_model column; --split-device each needs two or more"
        }
    }
}

/// How many evaluations said they were done.
private final class DoneCount: Sendable {
    let count = Mutex(0)
}
