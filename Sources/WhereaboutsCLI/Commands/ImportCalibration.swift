import Foundation
import PositioningCore
import RadioMap

/// Keeps a calibrated map's radius factors (and kept survey scans) in step with its survey: after
/// an import into a map `db calibrate` has calibrated, they are recomputed when that is cheap.
///
/// The held-out refits take about a second per 15,000 survey sightings (release build; a small
/// simulated town's 66,000 in 5 s), so a survey of at most `sightingLimit` sightings is
/// recalibrated at once and a larger one is left to `db calibrate`, with a note that the stored
/// factors predate the import. A map never calibrated stays so: its radius is the raw,
/// conservative one, and `locate` says so.
enum ImportCalibration {
    /// The largest survey (Wi-Fi and cell sightings) recalibrated after an import.
    static let sightingLimit = 100_000

    /// Recalibrates `radioMap` after an import when it was calibrated and its survey is small
    /// enough; says what it did unless `quiet`.
    static func run(_ radioMap: RadioMap, quiet: Bool, output: any OutputSink) throws {
        guard try !radioMap.calibrationFactors().isEmpty else { return }
        let sightings = try radioMap.surveySightingCount(upTo: sightingLimit + 1)
        guard sightings <= sightingLimit else {
            if !quiet {
                output.line("The stored radius factors predate this import (the survey holds more than 100,000 "
                    + "sightings, too many to recalibrate on the way): run `whereabouts db calibrate`.")
            }
            return
        }
        let outcome = try CalibrationOptions().recalibrate(radioMap)
        guard !quiet else { return }
        output.line("Radius recalibrated from \(outcome.samples) held-out scan fixes (as `whereabouts db calibrate` does).")
        if let summary = outcome.fingerprintSummary { output.line(summary) }
    }
}
