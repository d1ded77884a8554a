import Foundation
import JSONCodec

extension LearningExperiment.Result {
    /// The six figures, in print order: before and after, each for the moved area, elsewhere
    /// and all Wi-Fi queries.
    public var groups: [(phase: String, area: String, statistics: ErrorStatistics)] {
        [
            ("before", "moved area", before.movedArea), ("before", "elsewhere", before.elsewhere),
            ("before", "all", before.all), ("after", "moved area", after.movedArea),
            ("after", "elsewhere", after.elsewhere), ("after", "all", after.all),
        ]
    }
}

extension LearningExperiment {
    /// `result` of this experiment as one JSON object (`eval --learn --json`); `size` names the
    /// town's size preset.
    public func json(_ result: Result, size: String) -> String {
        let report = result.report
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("seed"); writer.write(Int(result.seed))
        writer.writeKey("size"); writer.write(size)
        writer.writeKey("movedRouters"); writer.write(result.movedRouters)
        writer.writeKey("driveSeconds"); writer.write(driveDuration)
        writer.writeKey("calibrated"); writer.write(calibrated)
        writer.writeKey("groups")
        writer.beginArray()
        for (phase, area, statistics) in result.groups {
            writer.beginObject()
            writer.writeKey("phase"); writer.write(phase)
            writer.writeKey("area"); writer.write(area)
            writer.writeKey("queries"); writer.write(statistics.queries)
            writer.writeKey("answered"); writer.write(statistics.answered)
            for (key, value) in [("median", statistics.median), ("p68", statistics.p68), ("p90", statistics.p90)] {
                writer.writeKey(key); writer.write(value, decimals: 1)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.writeKey("learned")
        writer.beginObject()
        for (key, value) in [
            ("samplesOffered", report.samplesOffered), ("samplesAccepted", report.samplesAccepted),
            ("observationsStored", report.observationsStored), ("accessPointsNew", report.accessPointsNew),
            ("accessPointsUpdated", report.accessPointsUpdated), ("accessPointsMoved", report.accessPointsMoved),
            ("optedOutSkipped", report.optedOutSkipped), ("randomizedSkipped", report.randomizedSkipped),
            ("batchesWritten", report.batchesWritten),
        ] {
            writer.writeKey(key)
            writer.write(value)
        }
        writer.writeKey("seconds"); writer.write(result.learningSeconds, decimals: 2)
        writer.endObject()
        writer.endObject()
        return writer.string
    }

    /// `result` of this experiment as a table for people (`eval --learn`): before and after
    /// learning, in the moved area and elsewhere, then what was learned.
    public func text(_ result: Result, size: String) -> String {
        let report = result.report
        let c = TextTable.count
        var text = "Learning a \(Int(driveDuration / 60))-minute drive at \(Int(driveSpeed)) m/s: "
            + "town seed \(result.seed) (\(size), \(result.movedRouters) routers moved since the survey"
            + (calibrated ? "; map calibrated before and after, as db calibrate and watch --learn do" : "")
            + "); Wi-Fi queries, error in metres\n"
        text += "phase   area          n   answered  median     p68     p90\n"
        func figure(_ value: Double?) -> String {
            (value.map { String(format: "%.1f", $0) } ?? "–").leftPadded(to: 8)
        }
        for (phase, area, statistics) in result.groups {
            text += phase.padding(toLength: 8, withPad: " ", startingAt: 0)
                + area.padding(toLength: 11, withPad: " ", startingAt: 0)
                + "\(statistics.queries)".leftPadded(to: 4)
                + String(format: "%.0f %%", statistics.answeredFraction * 100).leftPadded(to: 11)
                + figure(statistics.median) + figure(statistics.p68) + figure(statistics.p90) + "\n"
        }
        text += "learned: \(c(report.observationsStored)) sightings from \(c(report.samplesAccepted)) of "
            + "\(c(report.samplesOffered)) samples in \(c(report.batchesWritten)) transactions; "
            + "\(c(report.accessPointsNew)) new access points, \(c(report.accessPointsMoved)) re-placed beyond their old range; "
            + "\(c(report.optedOutSkipped)) opted-out and \(c(report.randomizedSkipped)) randomized addresses skipped; "
            + String(format: "%.2f s\n", result.learningSeconds)
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
