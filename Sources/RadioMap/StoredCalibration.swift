import Foundation
import PositioningCore

/// What a reader applies from a radio map beside its sightings: the radius factors `db
/// calibrate` stored and the fingerprints to match (tables, and the survey scans calibration
/// kept). The `Geolocation` pipeline loads it this way for every caller (`locate`, `serve`, the
/// location service, `eval`, the learning experiments), so they answer alike.
///
/// ```swift
/// let stored = try StoredCalibration.load(from: map, matching: FingerprintPolicy().matching)
/// let estimator = stored.applied(to: WhereaboutsEstimator())
/// try stored.fingerprints.supply(&input, from: map, hearing: request.wifiAccessPoints.map(\.bssid))
/// ```
public struct StoredCalibration: Sendable {
    /// The stored radius factors; nil when the map was never calibrated.
    public var radius: RadiusCalibration?
    /// Where the fingerprints come from.
    public var fingerprints: FingerprintSource

    /// What `radioMap` stores now, its fingerprints indexed with `matching`.
    public static func load(
        from radioMap: RadioMap, matching: FingerprintMatcher.Parameters
    ) throws(RadioMapError) -> StoredCalibration {
        let factors = try radioMap.calibrationFactors()
        return StoredCalibration(
            radius: factors.isEmpty ? nil : ConformalCalibration.radiusCalibration(factors),
            fingerprints: try FingerprintSource.load(from: radioMap, parameters: matching))
    }

    /// `estimator` with the stored factors; as it was when the map was never calibrated.
    public func applied(to estimator: WhereaboutsEstimator) -> WhereaboutsEstimator {
        guard let radius else { return estimator }
        var calibrated = estimator
        calibrated.calibration = radius
        return calibrated
    }
}
