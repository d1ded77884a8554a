import Foundation
import PositioningCore

/// How a radio map is calibrated from its own survey: the radius factors by held-out refits
/// (`CrossValidatedCalibration`) and fingerprint matches (`FingerprintCalibration`), with the
/// survey's own scans tried as fingerprints. `db calibrate`, `eval`, an import into a calibrated
/// map and a learning session all calibrate this way, in-process.
///
/// ```swift
/// let map = try RadioMap(path: path, mode: .readWrite)
/// let outcome = try MapCalibration().recalibrate(map)   // stores the factors and kept scans
/// print(outcome.samples, outcome.factors.count)
/// ```
public struct MapCalibration: Sendable {
    /// k-fold refits by track stretch when given; else each scan is held out with its
    /// recording's sightings within two minutes (`CrossValidatedCalibration.defaultHoldOut`).
    public var folds: Int?
    /// The seed of the fold assignment or of the scans tested.
    public var seed: UInt64
    /// How a held-out scan's cells are refit (without folds): without its whole recording
    /// session by default.
    public var cellHoldOut: CrossValidatedCalibration.CellHoldOut

    /// The defaults: each scan held out with its recording's ±2 min, its cells without its
    /// recording session (`SessionCellRefits`; spatially blocked when the map holds a single
    /// session), seed 1.
    public init(folds: Int? = nil, seed: UInt64 = 1, cellHoldOut: CrossValidatedCalibration.CellHoldOut = .session) {
        precondition(folds.map { $0 >= 2 } ?? true, "MapCalibration needs at least 2 folds")
        self.folds = folds
        self.seed = seed
        self.cellHoldOut = cellHoldOut
    }

    /// The fingerprint tables' calibrator: each fingerprint matched without its own visit, or
    /// sessions in `folds` folds.
    public func fingerprintCalibrator() -> FingerprintCalibration {
        FingerprintCalibration(holdOut: folds.map { .sessionFolds($0) } ?? .visit, seed: seed)
    }

    /// The survey scans' calibrator, placing cells the survey did not with `publishedCells`.
    public func calibrator(publishedCells: [CellIdentity: KnownCell]) -> CrossValidatedCalibration {
        var calibrator = CrossValidatedCalibration(
            holdOut: folds.map { .trackFolds($0) } ?? CrossValidatedCalibration.defaultHoldOut, seed: seed,
            publishedCells: publishedCells)
        calibrator.cellHoldOut = cellHoldOut
        return calibrator
    }

    /// What calibrating a map's survey found.
    public struct Outcome: Sendable {
        /// The radius factors.
        public var factors: [CalibrationFactor]
        /// How many held-out fixes they rest on.
        public var samples: Int
        /// The survey's scans as fingerprints, when they located the held-out scans better than
        /// access points alone; nil when they did not (or there were too few to try).
        public var surveyFingerprints: SurveyFingerprints?
        /// The comparison that decided it, when there was one.
        public var trial: SurveyFingerprints.Trial?

        /// One line on the survey fingerprints' trial, for people.
        public var fingerprintSummary: String? {
            guard let trial else { return nil }
            let medians = String(
                format: "held-out Wi-Fi median %.1f m with them, %.1f m with access points alone, %d scans",
                trial.fingerprintMedian, trial.accessPointMedian, trial.scans)
            return trial.keepsFingerprints
                ? "Survey scans kept as fingerprints: \(surveyFingerprints?.entries.count ?? 0) (\(medians))"
                : "Survey scans not kept as fingerprints (\(medians))"
        }
    }

    /// Factors from `radioMap`'s survey scans, with the survey's scans tried as fingerprints:
    /// the factors come from whichever way located the held-out scans better. Stores nothing.
    public func crossValidate(_ radioMap: RadioMap) throws(RadioMapError) -> Outcome {
        let scans = try radioMap.surveyScans()
        var outcome = Outcome(factors: [], samples: 0)
        let usable = try radioMap.usableAccessPoints()
        let survey = SurveyFingerprints(scans: scans) { usable.contains($0) }
        var trying = calibrator(publishedCells: try radioMap.publishedCells())
        if survey.entries.count >= SurveyFingerprints.Trial.minimumScans { trying.surveyFingerprints = survey }
        let paired = trying.pairedSamples(from: scans, now: Date())
        var samples = paired.withoutFingerprints
        if trying.surveyFingerprints != nil {
            func wifiErrors(_ samples: [CalibrationSample]) -> [Double] { samples.filter { !$0.source.isCellOnly }.map(\.error) }
            let trial = SurveyFingerprints.Trial(
                withoutFingerprints: wifiErrors(paired.withoutFingerprints),
                withFingerprints: wifiErrors(paired.withFingerprints))
            outcome.trial = trial
            if trial.keepsFingerprints {
                samples = paired.withFingerprints
                outcome.surveyFingerprints = survey
            }
        }
        if try radioMap.hasFingerprintTables() {
            samples += fingerprintCalibrator().samples(from: try radioMap.fingerprints())
        }
        samples += paired.blocked
        outcome.factors = ConformalCalibration.factors(from: samples)
        outcome.samples = samples.count { !$0.isThinnedArea }
        return outcome
    }

    /// Calibrates `radioMap` (opened `.readWrite`) from its own survey and stores the factors
    /// with the kept survey scans, in one transaction.
    public func recalibrate(_ radioMap: RadioMap) throws(RadioMapError) -> Outcome {
        let outcome = try crossValidate(radioMap)
        try radioMap.replaceCalibration(outcome.factors, surveyFingerprints: outcome.surveyFingerprints)
        return outcome
    }
}
