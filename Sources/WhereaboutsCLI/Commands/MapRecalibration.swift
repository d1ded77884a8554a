import Foundation
import PositioningCore
import RadioMap

/// Keeps a calibrated map's radius factors (and kept survey scans) in step with its sightings:
/// after an import or a `watch --learn` session on a map `db calibrate` has calibrated, they are
/// recomputed when that is cheap. Learned GPS-tagged scans then join the kept scans, and the
/// routers learned to have moved drop out of them.
///
/// The held-out refits take about a second per 15,000 sightings (release build; a small
/// simulated town's 66,000 in 5 s), so a map of at most `sightingLimit` sightings is
/// recalibrated at once and a larger one is left to `db calibrate`, with a note that the stored
/// factors predate the change. A map never calibrated stays so: its radius is the raw,
/// conservative one, and `locate` says so.
enum MapRecalibration {
    /// The largest survey (Wi-Fi and cell sightings, learned ones included) recalibrated on the way.
    static let sightingLimit = 100_000

    /// Recalibrates `radioMap` after `change` ("this import", "this learning session") when it
    /// was calibrated and its sightings are few enough; says what it did unless `quiet`.
    /// - Returns: Whether the map was recalibrated.
    @discardableResult
    static func run(_ radioMap: RadioMap, after change: String, quiet: Bool, output: any OutputSink) throws -> Bool {
        guard try !radioMap.calibrationFactors().isEmpty else { return false }
        let sightings = try radioMap.surveySightingCount(upTo: sightingLimit + 1)
        guard sightings <= sightingLimit else {
            if !quiet {
                output.line("The stored radius factors predate \(change) (the map holds more than 100,000 "
                    + "sightings, too many to recalibrate on the way): run `whereabouts db calibrate`.")
            }
            return false
        }
        let outcome = try CalibrationOptions().recalibrate(radioMap)
        guard !quiet else { return true }
        output.line("Radius recalibrated from \(outcome.samples) held-out scan fixes (as `whereabouts db calibrate` does).")
        if let summary = outcome.fingerprintSummary { output.line(summary) }
        return true
    }
}
