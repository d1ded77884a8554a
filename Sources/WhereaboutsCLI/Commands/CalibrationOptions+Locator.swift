import GeolocateServer
import PositioningCore
import RadioMap

/// The locator factory of `locate` and `serve`: a `Locator` with a map's stored calibration.
/// (The `Geolocation` library replaces it; calibration itself is `RadioMap`'s `MapCalibration`.)
enum CalibrationOptions {
    /// The fingerprint matching `estimator` does (the default policy's for estimators that
    /// match none).
    static func matching(of estimator: any PositionEstimator) -> FingerprintMatcher.Parameters {
        (estimator as? WhereaboutsEstimator)?.fingerprints.matching ?? FingerprintPolicy().matching
    }

    /// What `radioMap` stores for `estimator`: its factors, and its fingerprints indexed with the
    /// estimator's matching (load it once and share it between the locators of one map).
    static func stored(in radioMap: RadioMap, for estimator: any PositionEstimator) throws -> StoredCalibration {
        try StoredCalibration.load(from: radioMap, matching: matching(of: estimator))
    }

    /// A locator for `estimator` with `stored` applied: Whereabouts' responses say
    /// `"calibrated": true` only when a stored factor for the fix's own source and emitter count
    /// scaled its radius, and on a map never calibrated they note that the radius is raw.
    static func locator(radioMap: RadioMap, estimator: any PositionEstimator, stored: StoredCalibration) -> Locator {
        let calibrated = (estimator as? WhereaboutsEstimator).map { stored.applied(to: $0) }
        var locator = Locator(radioMap: radioMap, estimator: calibrated ?? estimator)
        locator.fingerprints = stored.fingerprints
        if calibrated != nil {
            locator.reportsCalibration = true
            if stored.radius == nil { locator.notes = [RadiusCalibration.uncalibratedNote] }
        }
        return locator
    }
}
