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
    static func runTowns(_ arguments: ParsedArguments, seeds: ClosedRange<UInt64>, context: CommandContext) throws -> ExitCode {
        let sizeText = arguments.value("--size") ?? "small"
        guard let size = TownSize(named: sizeText) else {
            throw CommandFailure.usage("--size expects tiny, small, medium or large, got '\(sizeText)'")
        }
        let (estimators, pooled) = try pooledEvaluation(arguments, what: "towns", context: context)
        let centre = try arguments.value("--centre").map { text throws(CommandFailure) in
            do throws(ArgumentValueError) {
                return try CoordinateArgument(argument: text).coordinate
            } catch {
                throw .usage(error.message(name: "--centre", text: text))
            }
        } ?? TownSpecification.defaultCentre
        let seedList = Array(seeds)
        let title = "\(seedList.count) simulated towns (seeds \(seeds.lowerBound)–\(seeds.upperBound), \(sizeText), "
            + String(format: "centre %.4f,%.4f), ", centre.latitude, centre.longitude)
            + "each calibrated from its own survey as `eval --town` does"
        let lines = try pooled.towns(seeds: seedList, centre: centre, size: size)
        printPooled(PooledReport(title: title, labelName: "seed", lines: lines, estimator: estimators[0].name), arguments, context)
        return .success
    }

    /// `eval --survey FILE --split-device each`: one device split per device model of the file
    /// (its scans held out, every other phone's rows the survey), pooled as `--towns` pools.
    static func runEachDevice(_ arguments: ParsedArguments, survey: String, context: CommandContext) throws -> ExitCode {
        let (estimators, pooled) = try pooledEvaluation(arguments, what: "devices", context: context)
        let split = try SurveySplit(arguments)
        let lines = try pooled.devices(of: survey, split: split)
        let title = "survey \((survey as NSString).lastPathComponent): each of its \(lines.count) device models held out in turn, "
            + "the other phones' rows the survey"
        printPooled(PooledReport(title: title, labelName: "device", lines: lines, estimator: estimators[0].name), arguments, context)
        return .success
    }

    /// `eval --survey FILE… --split-session`: one session split per recording session of the
    /// files (its scans held out, every other session's rows the survey), pooled as `--towns` pools.
    static func runEachSession(_ arguments: ParsedArguments, surveys: [String], context: CommandContext) throws -> ExitCode {
        if let option = ["--split-column", "--split-device", "--holdout"].first(where: { arguments.value($0) != nil }) {
            throw CommandFailure.usage("--split-session holds out whole sessions; \(option) does not apply")
        }
        let minutes = try arguments.number("--session-gap") ?? 30
        guard minutes > 0 else { throw CommandFailure.usage("--session-gap expects a positive number of minutes") }
        let (estimators, pooled) = try pooledEvaluation(arguments, what: "sessions", context: context)
        let split = try SurveySplit(arguments)
        let lines = try pooled.sessions(of: surveys, gap: minutes * 60, split: split)
        let files = surveys.count == 1 ? (surveys[0] as NSString).lastPathComponent : "\(surveys.count) survey files"
        let title = "\(files): each of their \(lines.count) recording sessions with queries (cut at pauses over "
            + "\(String(format: "%g", minutes)) min) held out in turn, the other sessions' rows the survey"
        printPooled(PooledReport(title: title, labelName: "session", lines: lines, estimator: estimators[0].name), arguments, context)
        return .success
    }

    /// The estimators `--estimator` names, calibrated by `--folds`/`--seed`, scored as `eval`
    /// scores, with a count of those done on a terminal (40 small towns take two minutes). Each
    /// evaluation calibrates its own map from its own survey, so `--calibration` can only be `kfold`.
    private static func pooledEvaluation(
        _ arguments: ParsedArguments, what: String, context: CommandContext
    ) throws -> (estimators: [EstimatorChoice], PooledEvaluation) {
        if let mode = arguments.value("--calibration"), mode.lowercased() != EvaluationCalibration.Mode.kfold.rawValue {
            throw CommandFailure.usage("each evaluation calibrates its map from its own survey; --calibration \(mode) does not apply")
        }
        let estimators = try estimators(arguments)
        let calibration = try MapCalibration(arguments)
        let score: PooledEvaluation.Scorer = { queries, truth, radioMap, factors in
            try QueryEvaluation(estimators: estimators, radius: .factors(factors)).evaluate(queries: queries, truth: truth, radioMap: radioMap)
        }
        var pooled = PooledEvaluation(calibration: calibration, score: score)
        if context.errors.isTerminal {
            let sink = context.errors
            pooled.progress = { done, count in
                sink.write("\r\(what) evaluated: \(done) of \(count) ")
                if done == count { sink.write("\r\u{1B}[K") }
            }
        }
        return (estimators, pooled)
    }

    private static func printPooled(_ report: PooledReport, _ arguments: ParsedArguments, _ context: CommandContext) {
        if arguments.flag("--json") {
            context.output.line(report.json)
        } else {
            context.output.write(report.text)
        }
    }

    /// `FIRST-LAST` or a single seed.
    static func seedRange(_ text: String) throws(CommandFailure) -> ClosedRange<UInt64> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = UInt64(parts[0]), let last = UInt64(parts[parts.count - 1]), first <= last,
            last - first < 1000
        else {
            throw .usage("--towns expects seeds FIRST-LAST (at most 1000 towns) or one seed, got '\(text)'")
        }
        return first...last
    }
}
