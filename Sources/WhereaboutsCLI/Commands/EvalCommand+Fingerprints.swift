import Evaluation
import Foundation
import PositioningCore
import RadioMap

extension EvalCommand {
    /// `eval --fingerprints TRAIN --validation VALIDATION`: imports both fingerprint tables
    /// into temporary maps, matches every validation fingerprint against the training ones and
    /// prints mean/median/p90 error (the table's own EPSG:3857 metres), building and floor hit
    /// rates — Whereabouts' matcher beside plain 1-NN on dBm, the literature's baseline.
    static func runFingerprints(_ arguments: ParsedArguments, training: String, context: CommandContext) throws -> ExitCode {
        guard let validation = arguments.value("--validation") else {
            throw CommandFailure.usage("--fingerprints needs --validation FILE (the table to locate)")
        }
        for file in [training, validation] where !FileManager.default.fileExists(atPath: file) {
            throw CommandFailure(.dataError, "cannot read \(file)")
        }
        var parameters = FingerprintMatcher.Parameters()
        if let text = arguments.value("--neighbours") {
            guard let value = Int(text), value >= 1 else { throw CommandFailure.usage("--neighbours expects a positive whole number") }
            parameters.neighbours = value
        }
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-eval-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try importedFingerprints(training, into: directory + "/training.sqlite")
        let queries = try importedFingerprints(validation, into: directory + "/validation.sqlite")
        guard !survey.isEmpty else { throw CommandFailure(.dataError, "\(training) holds no fingerprint table rows") }
        guard !queries.isEmpty else { throw CommandFailure(.dataError, "\(validation) holds no fingerprint table rows") }

        var policy = FingerprintPolicy()
        policy.matching = parameters
        // The radius factor comes from the training table alone (sessions held out by k-fold,
        // as `db calibrate` does for a map's fingerprints); the validation table is only scored.
        let factors: [CalibrationFactor]
        let calibrationNote: String
        switch arguments.value("--calibration")?.lowercased() ?? "kfold" {
        case "none":
            factors = []
            calibrationNote = "radius: raw (uncalibrated)"
        case "kfold":
            let options = try MapCalibration(arguments)
            var calibrator = options.fingerprintCalibrator()
            calibrator.policy = policy
            let samples = calibrator.samples(from: survey)
            factors = ConformalCalibration.factors(from: samples)
            calibrationNote = "radius: conformal factors from \(samples.count) training fingerprint matches ("
                + (options.folds.map { "sessions in \($0) folds" } ?? "each held out without its own visit to its spot") + ")"
                + (factors.isEmpty ? " (no factors: raw radius)" : "")
        case let other:
            throw CommandFailure.usage("with --fingerprints, --calibration expects kfold or none, got '\(other)'")
        }
        let calibration = ConformalCalibration.radiusCalibration(factors)
        let report = FingerprintEvaluation(rows: [
            .init(name: "whereabouts", matcher: FingerprintMatcher(fingerprints: survey, parameters: parameters), validation: queries,
                  policy: policy, calibration: calibration),
            .init(name: "1-NN dBm", matcher: FingerprintMatcher(fingerprints: survey, parameters: .plainNearestNeighbour),
                  validation: queries),
        ])
        let title = "fingerprints \((training as NSString).lastPathComponent) (\(survey.count)) → "
            + "\((validation as NSString).lastPathComponent) (\(queries.count))"
        let setting = "k = \(parameters.neighbours), \(parameters.metric.rawValue), weights 1/d^\(Int(parameters.weightExponent))"
        if arguments.flag("--json") {
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

    private static func importedFingerprints(_ file: String, into database: String) throws -> [Fingerprint] {
        let radioMap = try RadioMap(path: database, mode: .readWrite)
        var options = ImportOptions()
        options.format = .fingerprints
        _ = try radioMap.importSurvey(at: file, options: options, progress: nil)
        return try radioMap.fingerprints()
    }
}
