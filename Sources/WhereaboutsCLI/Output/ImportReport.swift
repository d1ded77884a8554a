import Evaluation
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// How `whereabouts import` reports a file: a short paragraph for people, an object for scripts.
enum ImportReport {
    static func text(for summary: ImportSummary) -> String {
        let name = (summary.path as NSString).lastPathComponent
        if summary.alreadyImported {
            return "\(name): already imported (sha256 \(summary.contentHash.prefix(12))…); nothing changed\n"
        }
        var text = "\(name) (\(summary.format.rawValue)): \(count(summary.rowsRead)) rows read, "
            + "\(count(summary.rowsImported)) imported, "
            + (summary.rowsFilteredOut > 0 ? "\(count(summary.rowsFilteredOut)) left out by --mcc/--within, " : "")
            + "\(count(summary.rowsRejected)) rejected "
            + "in \(String(format: "%.2f", summary.duration.seconds)) s\n"
        for rejection in summary.rejections {
            let lines = rejection.firstLines.map(String.init).joined(separator: ", ")
            text += "  rejected \(count(rejection.count)) × \(rejection.reason) (first lines \(lines); \(rejection.firstDetail))\n"
        }
        if let repeats = summary.cachedRepeats {
            let lines = repeats.firstLines.map(String.init).joined(separator: ", ")
            text += "  set aside \(count(repeats.count)) × cached repeat (first lines \(lines); \(repeats.firstDetail)): "
                + "the file repeats a network's previous signal exactly \(count(repeats.count)) times, "
                + "1 or 2 dB off only \(count(summary.repeatNearMisses)): the phone's scan cache logged again, not new hearings\n"
        }
        for note in summary.notes {
            text += "  note: \(note)\n"
        }
        // Place lists and fingerprint tables add no emitters; saying "0 new" would only confuse.
        if summary.format != .geonames && summary.format != .fingerprints {
            text += "  access points: \(count(summary.accessPointsNew)) new, \(count(summary.accessPointsUpdated)) updated; "
                + "cells: \(count(summary.cellsNew)) new, \(count(summary.cellsUpdated)) updated"
                + (summary.cellsStale > 0 ? ", \(count(summary.cellsStale)) unchanged (the map's copy is newer)" : "") + "\n"
        }
        return text
    }

    static func json(for summaries: [ImportSummary]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("files")
        writer.beginArray()
        for summary in summaries {
            writer.beginObject()
            writer.writeKey("path")
            writer.write(summary.path)
            writer.writeKey("format")
            writer.write(summary.format.rawValue)
            writer.writeKey("sha256")
            writer.write(summary.contentHash)
            writer.writeKey("alreadyImported")
            writer.write(summary.alreadyImported)
            for (key, value) in [
                ("rowsRead", summary.rowsRead), ("rowsImported", summary.rowsImported),
                ("rowsRejected", summary.rowsRejected), ("accessPointsNew", summary.accessPointsNew),
                ("accessPointsUpdated", summary.accessPointsUpdated), ("cellsNew", summary.cellsNew),
                ("cellsUpdated", summary.cellsUpdated), ("rowsFilteredOut", summary.rowsFilteredOut),
                ("cellsStale", summary.cellsStale),
            ] {
                writer.writeKey(key)
                writer.write(value)
            }
            writer.writeKey("rejections")
            writer.beginArray()
            for rejection in summary.rejections {
                writer.beginObject()
                writer.writeKey("reason")
                writer.write(rejection.reason)
                writer.writeKey("count")
                writer.write(rejection.count)
                writer.writeKey("firstLines")
                writer.beginArray()
                rejection.firstLines.forEach { writer.write($0) }
                writer.endArray()
                writer.writeKey("firstDetail")
                writer.write(rejection.firstDetail)
                writer.endObject()
            }
            writer.endArray()
            writer.writeKey("notes")
            writer.beginArray()
            summary.notes.forEach { writer.write($0) }
            writer.endArray()
            writer.writeKey("cachedRepeats")
            writer.write(summary.cachedRepeats?.count ?? 0)
            writer.writeKey("seconds")
            writer.write(summary.duration.seconds, decimals: 3)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.string
    }

    /// `12345` → `12,345`.
    static func count(_ value: Int) -> String { TextTable.count(value) }
}
