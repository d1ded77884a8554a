import JSONCodec

extension LearningReport {
    /// The report in one line for people (`watch --learn` prints it on standard error): what
    /// was stored, what was skipped and why, and how to undo it.
    public var summary: String {
        var text = "Learning: \(samplesAccepted) of \(samplesOffered) samples usable, "
            + "\(observationsStored) sightings stored in \(batchesWritten) batches; access points "
            + "\(accessPointsNew) new, \(accessPointsUpdated) updated, \(accessPointsMoved) moved; "
            + "cells \(cellsNew) new, \(cellsUpdated) updated"
        let skipped = rejections.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key.rawValue)" }
        if !skipped.isEmpty { text += " (skipped: \(skipped.joined(separator: ", ")))" }
        if let importID { text += ". Undo: whereabouts db forget-import \(importID)" }
        return text
    }

    /// The report as a `"type":"learning"` JSON object (`watch --learn --json`), with whether
    /// the map was `recalibrated` after it and the `failure` that ended it, if any.
    public func json(recalibrated: Bool, failure: String?) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("type")
        writer.write("learning")
        let counts: [(String, Int)] = [
            ("samplesOffered", samplesOffered), ("samplesAccepted", samplesAccepted),
            ("observationsStored", observationsStored), ("batchesWritten", batchesWritten),
            ("accessPointsNew", accessPointsNew), ("accessPointsUpdated", accessPointsUpdated),
            ("accessPointsMoved", accessPointsMoved), ("cellsNew", cellsNew),
            ("cellsUpdated", cellsUpdated), ("optedOutSkipped", optedOutSkipped),
            ("randomizedSkipped", randomizedSkipped),
        ]
        for (key, value) in counts {
            writer.writeKey(key)
            writer.write(value)
        }
        writer.writeKey("importID")
        if let importID { writer.write(Int(importID)) } else { writer.writeNull() }
        writer.writeKey("recalibrated")
        writer.write(recalibrated)
        if let failure {
            writer.writeKey("error")
            writer.write(failure)
        }
        writer.endObject()
        return writer.string
    }
}
