import PositioningCore

extension StoredCalibration {
    /// `estimator` with `factors` applied when it is Whereabouts' own (Ichnaea's radius is its
    /// published 95 % figure and stays as it is): how `eval` scores factors it computed itself.
    public static func applying(_ factors: [CalibrationFactor], to estimator: any PositionEstimator) -> any PositionEstimator {
        guard var whereabouts = estimator as? WhereaboutsEstimator else { return estimator }
        whereabouts.calibration = ConformalCalibration.radiusCalibration(factors)
        return whereabouts
    }
}
