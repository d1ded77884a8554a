import ArgumentParsing
import Evaluation
import Foundation
import PositioningCore
import RadioMap

extension EvalCommand {
    /// `eval --fingerprints TRAIN --validation VALIDATION`: matches every validation
    /// fingerprint against the training ones (`FingerprintTables`) and prints mean/median/p90
    /// error (the table's own EPSG:3857 metres), building and floor hit rates — Whereabouts'
    /// matcher beside plain 1-NN on dBm, the literature's baseline.
    func runFingerprints(training trainingPath: FilePath, validation validationPath: FilePath, context: CommandContext) throws -> ExitCode {
        let (training, validation) = (trainingPath.string, validationPath.string)
        for file in [training, validation] where !FileManager.default.fileExists(atPath: file) {
            throw CommandFailure(.dataError, "cannot read \(file)")
        }
        var parameters = FingerprintMatcher.Parameters()
        if let neighbours { parameters.neighbours = neighbours.count }
        let tables = try FingerprintTables.load(training: training, validation: validation)
        // The radius factor comes from the training table alone (sessions held out by k-fold,
        // as `db calibrate` does for a map's fingerprints); the validation table is only scored.
        let calibration = calibrationMode == EvaluationCalibration.Mode.none ? nil : mapCalibration
        let (survey, queries) = (tables.training, tables.validation)
        let outcome = tables.evaluate(parameters: parameters, calibration: calibration)
        let (report, factors, calibrationNote) = (outcome.report, outcome.factors, outcome.calibrationNote)
        let title = "fingerprints \((training as NSString).lastPathComponent) (\(survey.count)) → "
            + "\((validation as NSString).lastPathComponent) (\(queries.count))"
        let setting = "k = \(parameters.neighbours), \(parameters.metric.rawValue), weights 1/d^\(Int(parameters.weightExponent))"
        if json {
            context.output.line(report.json { writer in
                writer.writeKey("input"); writer.write(title)
                writer.writeKey("matcher"); writer.write(setting)
                writer.writeKey("units"); writer.write("EPSG:3857 metres")
                writer.writeKey("calibration"); writer.write(calibrationNote)
                writer.writeKey("factors"); CalibrationReport.writeFactors(factors, to: &writer)
            })
        } else {
            context.output.line("\(title); \(setting); errors in the table's EPSG:3857 metres; \(calibrationNote)")
            context.output.write(report.table)
        }
        return .success
    }
}
