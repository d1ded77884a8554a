import ArgumentParsing
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
        context.output.write(experiment.text(result, size: sizeText))
        return .success
    }
}
