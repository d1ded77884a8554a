import PositioningCore

/// Everything that decides what the pipeline answers for a request, beside the radio map
/// itself: the estimator, where its radius factors come from, and whether answers name the
/// nearest place. The defaults are what `locate`, `serve` and the location service use, so a
/// caller states only what it changes (`eval --calibration kfold` supplies factors).
///
/// ```swift
/// var parameters = GeolocationParameters()
/// parameters.radius = .factors(computed)  // eval's held-out factors instead of the stored ones
/// ```
public struct GeolocationParameters: Sendable {
    /// Where the radius factors of Whereabouts' estimator come from (Ichnaea's radius is its
    /// published 95 % figure and is never rescaled).
    public enum RadiusFactors: Sendable {
        /// The factors `db calibrate` stored in the map; on a map never calibrated the raw,
        /// conservative radius, with `RadiusCalibration.uncalibratedNote` in every answer.
        case stored
        /// These factors (e.g. `eval`'s held-out refits), whatever the map stores.
        case factors([CalibrationFactor])
        /// None: the raw radius.
        case raw
    }

    /// The estimator.
    public var estimator: EstimatorChoice
    /// Where its radius factors come from.
    public var radius: RadiusFactors
    /// Whether a found answer names the nearest populated place when the map holds places.
    public var namesPlaces: Bool
    /// How often a long-running reader looks at the map for new factors, fingerprints or
    /// places (`serve`, the location service); nil loads them once (`locate`, `eval`).
    public var refreshInterval: Duration?

    /// The parameters every caller shares unless it says otherwise.
    public init(
        estimator: EstimatorChoice = .whereabouts, radius: RadiusFactors = .stored, namesPlaces: Bool = true,
        refreshInterval: Duration? = nil
    ) {
        self.estimator = estimator
        self.radius = radius
        self.namesPlaces = namesPlaces
        self.refreshInterval = refreshInterval
    }
}
