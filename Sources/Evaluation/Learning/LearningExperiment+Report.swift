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
}
