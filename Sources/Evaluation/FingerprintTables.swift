import Foundation
import PositioningCore
import RadioMap

/// A training and a validation fingerprint table (UJIIndoorLoc layout, plain or .xz), read
/// through the import into temporary maps, for `eval --fingerprints`: every validation
/// fingerprint is matched against the training ones, Whereabouts' matcher beside plain 1-NN on
/// dBm, the literature's baseline.
///
/// ```swift
/// let tables = try FingerprintTables.load(training: "trainingData.csv.xz", validation: "validationData.csv.xz")
/// print(tables.evaluate(parameters: FingerprintMatcher.Parameters(), calibration: MapCalibration()).report.table)
/// ```
public struct FingerprintTables: Sendable {
    /// The table matched against.
    public var training: [Fingerprint]
    /// The table located and scored.
    public var validation: [Fingerprint]

    /// Both tables, imported into temporary maps (removed after).
    /// - Throws: `EvaluationError.badInput` when either holds no rows; import errors.
    public static func load(training: String, validation: String) throws -> FingerprintTables {
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-eval-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let survey = try imported(training, into: directory + "/training.sqlite")
        let queries = try imported(validation, into: directory + "/validation.sqlite")
        guard !survey.isEmpty else { throw EvaluationError.badInput("\(training) holds no fingerprint table rows") }
        guard !queries.isEmpty else { throw EvaluationError.badInput("\(validation) holds no fingerprint table rows") }
        return FingerprintTables(training: survey, validation: queries)
    }

    /// What matching the validation table found.
    public struct Outcome: Sendable {
        public var report: FingerprintEvaluation
        /// The radius factors, from the training table alone.
        public var factors: [CalibrationFactor]
        /// Where the factors came from, for people.
        public var calibrationNote: String
    }

    /// Matches the validation table with `parameters` (and with plain 1-NN). The radius factor
    /// comes from the training table alone (each fingerprint held out without its own visit,
    /// or sessions in `calibration.folds` folds, as `db calibrate` does for a map's
    /// fingerprints); none without `calibration`. The validation table is only scored.
    public func evaluate(parameters: FingerprintMatcher.Parameters, calibration: MapCalibration?) -> Outcome {
        var policy = FingerprintPolicy()
        policy.matching = parameters
        var factors: [CalibrationFactor] = []
        var calibrationNote = "radius: raw (uncalibrated)"
        if let calibration {
            var calibrator = calibration.fingerprintCalibrator()
            calibrator.policy = policy
            let samples = calibrator.samples(from: training)
            factors = ConformalCalibration.factors(from: samples)
            calibrationNote = "radius: conformal factors from \(samples.count) training fingerprint matches ("
                + (calibration.folds.map { "sessions in \($0) folds" } ?? "each held out without its own visit to its spot") + ")"
                + (factors.isEmpty ? " (no factors: raw radius)" : "")
        }
        let report = FingerprintEvaluation(rows: [
            .init(name: "whereabouts", matcher: FingerprintMatcher(fingerprints: training, parameters: parameters), validation: validation,
                  policy: policy, calibration: ConformalCalibration.radiusCalibration(factors)),
            .init(name: "1-NN dBm", matcher: FingerprintMatcher(fingerprints: training, parameters: .plainNearestNeighbour),
                  validation: validation),
        ])
        return Outcome(report: report, factors: factors, calibrationNote: calibrationNote)
    }

    private static func imported(_ file: String, into database: String) throws -> [Fingerprint] {
        let radioMap = try RadioMap(path: database, mode: .readWrite)
        var options = ImportOptions()
        options.format = .fingerprints
        _ = try radioMap.importSurvey(at: file, options: options, progress: nil)
        return try radioMap.fingerprints()
    }
}
