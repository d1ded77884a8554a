import Geolocation
import PositioningCore
import RadioMap

/// Where an evaluation's radius factors come from, and the line that says so.
public enum EvaluationCalibration {
    /// How the radius is calibrated for an evaluation.
    public enum Mode: String, Sendable, CaseIterable {
        /// The map's stored factors (the default for an existing map).
        case stored
        /// Factors computed from the map's own survey by held-out refits, as `db calibrate`
        /// does (the default for a town or a split survey).
        case kfold
        /// The raw radius.
        case none
    }

    /// The factors to scale the radius by under `mode`, and a line saying where they came from.
    /// With `storingFingerprints` (a temporary map) the survey scans that calibration keeps as
    /// fingerprints are stored in `radioMap`, as `db calibrate` does.
    public static func factors(
        for radioMap: RadioMap, mode: Mode, calibration: MapCalibration, storingFingerprints: Bool
    ) throws(RadioMapError) -> (factors: [CalibrationFactor], note: String) {
        let factors: [CalibrationFactor]
        var calibrationNote: String
        switch mode {
        case .none:
            factors = []
            calibrationNote = "radius: raw (uncalibrated)"
        case .stored:
            factors = try radioMap.calibrationFactors()
            calibrationNote = factors.isEmpty ? "radius: raw (map not calibrated; run `whereabouts db calibrate`)"
                : "radius: factors stored in the map"
        case .kfold:
            let computed = try calibration.crossValidate(radioMap)
            factors = computed.factors
            calibrationNote = "radius: conformal factors from \(computed.samples) held-out survey fixes ("
                + (calibration.folds.map { "\($0)-fold refits by track stretch" } ?? ("each scan refit without its recording's ±2 min, its cells "
                    + calibration.cellHoldOut.summary))
                + ")"
            if storingFingerprints {
                try radioMap.replaceSurveyFingerprints(with: computed.surveyFingerprints)
                if let summary = computed.fingerprintSummary { calibrationNote += "; " + summary }
            } else if computed.surveyFingerprints != nil {
                calibrationNote += "; survey fingerprints would help but are not stored here (run `whereabouts db calibrate`)"
            }
        }
        if factors.isEmpty, mode != .none { calibrationNote += " (no factors: raw radius)" }
        return (factors, calibrationNote)
    }
}

extension EvaluationCalibration.Mode {
    /// The mode an evaluation of `workspace` uses unless told otherwise: `kfold` for a
    /// temporary map (a town or a split survey, calibrated from its own survey), `stored` for
    /// an existing one.
    public static func standard(for workspace: EvaluationWorkspace) -> Self {
        workspace.isTemporary ? .kfold : .stored
    }

    /// The radius factors the `Geolocation` pipeline answers with under this mode: the map's
    /// stored ones, as `locate` and `serve` apply them; `computed` (this evaluation's own,
    /// from `EvaluationCalibration.factors`) for `kfold`; the raw radius for `none`.
    public func radius(computed: [CalibrationFactor]) -> GeolocationParameters.RadiusFactors {
        switch self {
        case .stored: .stored
        case .kfold: .factors(computed)
        case .none: .raw
        }
    }
}
