import ArgumentParsing
import Evaluation
import Foundation
import Geolocation
import PositioningCore
import RadioMap
import WorldSimulator

extension EvalCommand {
    /// `eval --towns FIRST-LAST`: one `eval --town` per seed, each town written, imported and
    /// calibrated from its own survey in a temporary directory, then every town's line and the
    /// radius coverage pooled over them (see `PooledEvaluation`).
    func runTowns(seeds: ClosedRange<UInt64>, context: CommandContext) throws -> ExitCode {
        let sizeText = size?.name ?? "small"
        var pooled = pooledEvaluation(what: "towns", context: context)
        pooled.surveyLogging = surveyLogging ?? .everyScan
        let centre = centre?.coordinate ?? TownSpecification.defaultCentre
        let seedList = Array(seeds)
        let title = "\(seedList.count) simulated towns (seeds \(seeds.lowerBound)–\(seeds.upperBound), \(sizeText), "
            + String(format: "centre %.4f,%.4f), ", centre.latitude, centre.longitude)
            + "each calibrated from its own survey as `eval --town` does"
            + (pooled.surveyLogging == .everyScan ? "" : ", surveys logged as the WiGLE app logs")
        let lines = try pooled.towns(seeds: seedList, centre: centre, size: size?.size ?? .small)
        printPooled(PooledReport(title: title, labelName: "seed", lines: lines, estimator: estimators.choices[0].name), context)
        return .success
    }

    /// `eval --survey FILE --split-device each`: one device split per device model of the file
    /// (its scans held out, every other phone's rows the survey), pooled as `--towns` pools.
    func runEachDevice(survey: FilePath, split: SurveySplit, context: CommandContext) throws -> ExitCode {
        let pooled = pooledEvaluation(what: "devices", context: context)
        let lines = try pooled.devices(of: survey.string, split: split)
        let title = "survey \((survey.string as NSString).lastPathComponent): each of its \(lines.count) device models held out in turn, "
            + "the other phones' rows the survey"
        printPooled(PooledReport(title: title, labelName: "device", lines: lines, estimator: estimators.choices[0].name), context)
        return .success
    }

    /// `eval --survey FILE… --split-session`: one session split per recording session of the
    /// files (its scans held out, every other session's rows the survey), pooled as `--towns` pools.
    func runEachSession(surveys: [FilePath], split: SurveySplit, context: CommandContext) throws -> ExitCode {
        let minutes = sessionGap ?? 30
        let pooled = pooledEvaluation(what: "sessions", context: context)
        let lines = try pooled.sessions(of: surveys.map(\.string), gap: minutes * 60, split: split)
        let files = surveys.count == 1 ? (surveys[0].string as NSString).lastPathComponent : "\(surveys.count) survey files"
        let title = "\(files): each of their \(lines.count) recording sessions with queries (cut at pauses over "
            + "\(String(format: "%g", minutes)) min) held out in turn, the other sessions' rows the survey"
        printPooled(PooledReport(title: title, labelName: "session", lines: lines, estimator: estimators.choices[0].name), context)
        return .success
    }

    /// The estimators `--estimator` names, calibrated by `--folds`/`--seed`, scored as `eval`
    /// scores, with a count of those done on a terminal (40 small towns take two minutes).
    private func pooledEvaluation(what: String, context: CommandContext) -> PooledEvaluation {
        let estimators = estimators.choices
        let score: PooledEvaluation.Scorer = { queries, truth, radioMap, factors in
            try QueryEvaluation(estimators: estimators, radius: .factors(factors)).evaluate(queries: queries, truth: truth, radioMap: radioMap)
        }
        var pooled = PooledEvaluation(calibration: mapCalibration, score: score)
        if context.errors.isTerminal {
            let sink = context.errors
            pooled.progress = { done, count in
                sink.write("\r\(what) evaluated: \(done) of \(count) ")
                if done == count { sink.write("\r\u{1B}[K") }
            }
        }
        return pooled
    }

    private func printPooled(_ report: PooledReport, _ context: CommandContext) {
        if json {
            context.output.line(report.json)
        } else {
            context.output.write(report.text)
        }
    }
}
