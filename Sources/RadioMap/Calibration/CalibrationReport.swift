import Foundation
import JSONCodec
import PositioningCore
import SystemSupport

/// A calibration for people and for scripts: the factors as text or JSON, and what keeping a
/// map calibrated after a change did. `db calibrate`, `eval`, `import` and `watch --learn`
/// print calibrations through it.
public enum CalibrationReport {
    public static func text(_ factors: [CalibrationFactor], samples: Int) -> String {
        var text = "Calibrated from \(samples) held-out scan fixes (target: truth inside the 68 % radius 68 % of the time, "
            + "inside the 95 % radius 95 %)\n"
        for entry in factors {
            // A Mondrian factor by sighting decade (an area's: by its known cells), after its
            // source's count bins.
            let bin = entry.sightings.map { "\($0.rawValue) \(entry.source == .area ? "known cells" : "sightings")" }
                ?? entry.bin.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
            text += "  \(entry.source.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)) \(bin) "
                + String(format: "68 %% x%.3f", entry.factor)
                + (entry.factor95.map { String(format: ", 95 %% x%.3f", $0) } ?? "")
                + (entry.radiusFloors.map {
                    String(format: ", at least %.0f / %.0f m (%d thinned areas)", $0.radius68, $0.radius95, $0.sampleCount)
                } ?? "")
                + "  (\(entry.sampleCount) fixes\(entry.isPooled ? pooledNote(entry) : ""))\n"
        }
        return text
    }

    private static func pooledNote(_ entry: CalibrationFactor) -> String {
        if let fewer = entry.borrowedFrom {
            return " of bin \(fewer.rawValue): too few in the bin, so the factor of that bin of fewer emitters"
        }
        return entry.sightings == nil
            ? " of the source: too few in the bin, so its pooled or widest factor"
            : " of the source: too few of these sightings, so its pooled factor"
    }

    public static func writeFactors(_ factors: [CalibrationFactor], to writer: inout JSONWriter) {
        writer.beginArray()
        for entry in factors {
            writer.beginObject()
            writer.writeKey("source"); writer.write(entry.source.rawValue)
            if let sightings = entry.sightings {
                writer.writeKey("sightings"); writer.write(sightings.rawValue)
            } else {
                writer.writeKey("bin"); writer.write(entry.bin.rawValue)
            }
            writer.writeKey("factor"); writer.write(entry.factor, decimals: 4)
            if let factor95 = entry.factor95 { writer.writeKey("factor95"); writer.write(factor95, decimals: 4) }
            writer.writeKey("samples"); writer.write(entry.sampleCount)
            writer.writeKey("pooled"); writer.write(entry.isPooled)
            if let floors = entry.radiusFloors {
                writer.writeKey("radiusFloor68"); writer.write(floors.radius68, decimals: 1)
                writer.writeKey("radiusFloor95"); writer.write(floors.radius95, decimals: 1)
                writer.writeKey("floorSamples"); writer.write(floors.sampleCount)
            }
            writer.endObject()
        }
        writer.endArray()
    }

    public static func json(_ outcome: MapCalibration.Outcome) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("samples"); writer.write(outcome.samples)
        writer.writeKey("surveyFingerprints"); writer.write(outcome.surveyFingerprints?.entries.count ?? 0)
        if let trial = outcome.trial {
            writer.writeKey("fingerprintTrial")
            writer.beginObject()
            writer.writeKey("scans"); writer.write(trial.scans)
            writer.writeKey("accessPointMedian"); writer.write(trial.accessPointMedian, decimals: 1)
            writer.writeKey("fingerprintMedian"); writer.write(trial.fingerprintMedian, decimals: 1)
            writer.writeKey("kept"); writer.write(trial.keepsFingerprints)
            writer.endObject()
        }
        writer.writeKey("factors")
        writeFactors(outcome.factors, to: &writer)
        writer.endObject()
        return writer.string
    }

    /// Keeps `radioMap` calibrated after `change` ("this import", "this learning session")
    /// (`RadioMap.keepCalibrated`) and says what it did unless `quiet`.
    /// - Returns: Whether the map was recalibrated.
    @discardableResult
    public static func keepCalibrated(_ radioMap: RadioMap, after change: String, quiet: Bool, output: any OutputSink) throws -> Bool {
        let recalibration = try radioMap.keepCalibrated()
        if !quiet { for line in lines(for: recalibration, after: change) { output.line(line) } }
        if case .recalibrated = recalibration { return true }
        return false
    }

    /// What `keepCalibrated` did after `change`, for people (nothing for a map never calibrated).
    public static func lines(for recalibration: RadioMap.Recalibration, after change: String) -> [String] {
        switch recalibration {
        case .notCalibrated:
            []
        case .tooManySightings:
            ["The stored radius factors predate \(change) (the map holds more than 100,000 "
                + "sightings, too many to recalibrate on the way): run `whereabouts db calibrate`."]
        case .recalibrated(let outcome):
            ["Radius recalibrated from \(outcome.samples) held-out scan fixes (as `whereabouts db calibrate` does)."]
                + (outcome.fingerprintSummary.map { [$0] } ?? [])
        }
    }
}
