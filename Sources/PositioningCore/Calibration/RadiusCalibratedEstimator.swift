/// An estimator whose raw radii a `RadiusCalibration` scales: what the calibration maths run
/// and tune (`WhereaboutsEstimator` is the one).
///
/// Calibration runs the estimator with its factors set aside to see each fix's raw radius
/// (`InspectedFix`), and matches a survey's scans as fingerprints the way the estimator would
/// (`CrossValidatedCalibration`), so it needs both the factors and the fingerprint policy.
public protocol RadiusCalibratedEstimator: PositionEstimator {
    /// The factors that turn raw radii into calibrated 68 % ones.
    var calibration: RadiusCalibration { get set }
    /// When stored fingerprints answer, and how scans are matched against them.
    var fingerprints: FingerprintPolicy { get }
}
