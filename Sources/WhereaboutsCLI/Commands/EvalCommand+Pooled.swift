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
        var pooled = pooledEvaluation(what: "towns", context: context)
        pooled.surveyLogging = surveyLogging ?? .everyScan
        let centre = centre?.coordinate ?? TownSpecification.defaultCentre
        let lines = try pooled.towns(seeds: Array(seeds), centre: centre, size: size?.size ?? .small)
        let report = PooledReport(
            towns: lines, seeds: seeds, sizeName: size?.name ?? "small", centre: centre, surveyLogging: pooled.surveyLogging,
            estimator: estimators.choices[0].name)
        printPooled(report, context)
        return .success
    }

    /// `eval --survey FILE --split-device each`: one device split per device model of the file
    /// (its scans held out, every other phone's rows the survey), pooled as `--towns` pools.
    func runEachDevice(survey: FilePath, split: SurveySplit, context: CommandContext) throws -> ExitCode {
        let lines = try pooledEvaluation(what: "devices", context: context).devices(of: survey.string, split: split)
        printPooled(PooledReport(devices: lines, of: survey.string, estimator: estimators.choices[0].name), context)
        return .success
    }

    /// `eval --survey FILE… --split-session`: one session split per recording session of the
    /// files (its scans held out, every other session's rows the survey), pooled as `--towns` pools.
    func runEachSession(surveys: [FilePath], split: SurveySplit, context: CommandContext) throws -> ExitCode {
        let minutes = sessionGap ?? 30
        let files = surveys.map(\.string)
        let lines = try pooledEvaluation(what: "sessions", context: context).sessions(of: files, gap: minutes * 60, split: split)
        printPooled(PooledReport(sessions: lines, of: files, gapMinutes: minutes, estimator: estimators.choices[0].name), context)
        return .success
    }

    /// The estimators `--estimator` names, calibrated by `--folds`/`--seed`, with a count of
    /// those done on a terminal (40 small towns take two minutes).
    private func pooledEvaluation(what: String, context: CommandContext) -> PooledEvaluation {
        var pooled = PooledEvaluation(
            estimators: estimators.choices, calibration: mapCalibration, ichnaeaStations: ichnaeaStations)
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
