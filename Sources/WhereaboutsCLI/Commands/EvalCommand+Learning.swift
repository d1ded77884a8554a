import Evaluation
import Foundation
import PositioningCore
import RadioMap
import WorldSimulator

extension EvalCommand {
    /// `eval --learn`: how much learning a drive repairs a town's stale survey (see
    /// `LearningExperiment`), before and after, in the moved area and elsewhere.
    static func runLearning(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        var specification: TownSpecification
        var sizeText = arguments.value("--size") ?? "small"
        if let town = arguments.value("--town") {
            guard arguments.value("--seed") == nil, arguments.value("--size") == nil else {
                throw CommandFailure.usage("--town already says the seed and size; drop --seed/--size")
            }
            (specification, sizeText) = try WrittenTown.specification(in: town)
        } else {
            let seedText = arguments.value("--seed") ?? "1"
            guard let seed = UInt64(seedText) else {
                throw CommandFailure.usage("--seed expects a whole number, got '\(seedText)'")
            }
            guard let size = TownSize(named: sizeText) else {
                throw CommandFailure.usage("--size expects tiny, small, medium or large, got '\(sizeText)'")
            }
            specification = TownSpecification(seed: seed, centre: TownSpecification.defaultCentre, size: size)
        }
        let seed = specification.seed
        if let text = arguments.value("--moved-fraction") {
            guard let fraction = Double(text), fraction >= 0, fraction <= 1 else {
                throw CommandFailure.usage("--moved-fraction expects a number from 0 to 1, got '\(text)'")
            }
            specification.movedFraction = fraction
        }
        var experiment = LearningExperiment(specification: specification)
        if let text = arguments.value("--drive-minutes") {
            guard let minutes = Double(text), minutes > 0, minutes <= 24 * 60 else {
                throw CommandFailure.usage("--drive-minutes expects minutes (0 < M ≤ 1440), got '\(text)'")
            }
            experiment.driveDuration = minutes * 60
        }
        experiment.calibrated = arguments.flag("--calibrate")
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-learn-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try experiment.run(in: directory)
        if arguments.flag("--json") {
            context.output.line(experiment.json(result, size: sizeText))
            return .success
        }
        let report = result.report
        let c = ImportReport.count
        var text = "Learning a \(Int(experiment.driveDuration / 60))-minute drive at \(Int(experiment.driveSpeed)) m/s: "
            + "town seed \(seed) (\(sizeText), \(result.movedRouters) routers moved since the survey"
            + (experiment.calibrated ? "; map calibrated before and after, as db calibrate and watch --learn do" : "")
            + "); Wi-Fi queries, error in metres\n"
        text += "phase   area          n   answered  median     p68     p90\n"
        func figure(_ value: Double?) -> String {
            (value.map { String(format: "%.1f", $0) } ?? "–").leftPadded(to: 8)
        }
        for (phase, area, statistics) in result.groups {
            text += phase.padding(toLength: 8, withPad: " ", startingAt: 0)
                + area.padding(toLength: 11, withPad: " ", startingAt: 0)
                + "\(statistics.queries)".leftPadded(to: 4)
                + String(format: "%.0f %%", statistics.answeredFraction * 100).leftPadded(to: 11)
                + figure(statistics.median) + figure(statistics.p68) + figure(statistics.p90) + "\n"
        }
        text += "learned: \(c(report.observationsStored)) sightings from \(c(report.samplesAccepted)) of "
            + "\(c(report.samplesOffered)) samples in \(c(report.batchesWritten)) transactions; "
            + "\(c(report.accessPointsNew)) new access points, \(c(report.accessPointsMoved)) re-placed beyond their old range; "
            + "\(c(report.optedOutSkipped)) opted-out and \(c(report.randomizedSkipped)) randomized addresses skipped; "
            + String(format: "%.2f s\n", result.learningSeconds)
        context.output.write(text)
        return .success
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
