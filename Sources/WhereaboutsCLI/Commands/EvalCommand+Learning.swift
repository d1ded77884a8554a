import ArgumentParsing
import Evaluation
import Foundation
import PositioningCore
import RadioMap
import WorldSimulator

extension EvalCommand {
    /// `eval --learn`: how much learning a drive repairs a town's stale survey (see
    /// `LearningExperiment`), before and after, in the moved area and elsewhere.
    func runLearning(context: CommandContext) throws -> ExitCode {
        var specification: TownSpecification
        var sizeText = size?.name ?? "small"
        if let town {
            (specification, sizeText) = try WrittenTown.specification(in: town.string)
        } else {
            specification = TownSpecification(seed: seed ?? 1, centre: TownSpecification.defaultCentre, size: size?.size ?? .small)
        }
        if let movedFraction { specification.movedFraction = movedFraction }
        var experiment = LearningExperiment(specification: specification)
        if let driveMinutes { experiment.driveDuration = driveMinutes * 60 }
        experiment.calibrated = calibrate
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-learn-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try experiment.run(in: directory)
        if json {
            context.output.line(experiment.json(result, size: sizeText))
            return .success
        }
        context.output.write(experiment.text(result, size: sizeText))
        return .success
    }
}
