import Foundation
import PositioningCore

/// Keeps a calibrated map's radius factors (and kept survey scans) in step with its sightings:
/// after an import or a learning session on a map `db calibrate` has calibrated, they are
/// recomputed when that is cheap. Learned GPS-tagged scans then join the kept scans, and the
/// routers learned to have moved drop out of them.
///
/// The held-out refits take about a second per 15,000 sightings (release build; a small
/// simulated town's 66,000 in 5 s), so a map of at most `recalibrationSightingLimit` sightings
/// is recalibrated at once and a larger one is left to `db calibrate`, with a note that the
/// stored factors predate the change. A map never calibrated stays so: its radius is the raw,
/// conservative one, and `locate` says so.
///
/// ```swift
/// _ = try map.importSurvey(at: "walk.csv", options: ImportOptions(), progress: nil)
/// if case .recalibrated(let outcome) = try map.keepCalibrated() { print(outcome.samples) }
/// ```
extension RadioMap {
    /// The largest survey (Wi-Fi and cell sightings, learned ones included) recalibrated on the way.
    public static let recalibrationSightingLimit = 100_000

    /// What `keepCalibrated()` did.
    public enum Recalibration: Sendable {
        /// The map was never calibrated, and stays so.
        case notCalibrated
        /// The map holds more than `recalibrationSightingLimit` sightings: its stored factors
        /// predate the change until `db calibrate` runs.
        case tooManySightings
        /// The map was recalibrated (`MapCalibration`'s defaults), with this outcome.
        case recalibrated(MapCalibration.Outcome)
    }

    /// Recalibrates the map (opened `.readWrite`) after a change to its sightings when it was
    /// calibrated and its sightings are few enough.
    public func keepCalibrated() throws(RadioMapError) -> Recalibration {
        guard try !calibrationFactors().isEmpty else { return .notCalibrated }
        guard try surveySightingCount(upTo: Self.recalibrationSightingLimit + 1) <= Self.recalibrationSightingLimit else {
            return .tooManySightings
        }
        return .recalibrated(try MapCalibration().recalibrate(self))
    }
}
