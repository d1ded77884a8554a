import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport

/// Appends radio samples to a replay trace (JSON lines, `ReplayTrace.line`), the file that
/// `ReplayRadios(tracePath:)` plays back: `scan --record` and `watch --record` write through it.
///
/// A trace holds BSSIDs and positions, so a new file is created with mode 0600; an existing
/// one keeps its mode and is appended to, never overwritten.
///
/// ```swift
/// try ReplayTraceFile.append(RadioSample(time: Date(), wifi: scan.observations), to: "walk.trace.jsonl")
/// ```
public enum ReplayTraceFile {
    /// Appends `sample` as one line to the trace at `path`, creating the file (0600) if missing.
    ///
    /// The file is opened (`O_APPEND`), written and closed on every call, so a recording cut
    /// short keeps every line written before.
    /// - Throws: `ReplayTraceWriteError.cannotOpen` when the file cannot be opened or created
    ///   (then nothing is created), `.cannotWrite` when the line is not written whole.
    public static func append(_ sample: RadioSample, to path: String) throws(ReplayTraceWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: .current) }
        defer { close(descriptor) }
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(Array((ReplayTrace.line(for: sample) + "\n").utf8))
        } catch {
            throw .cannotWrite(path: path, reason: error)
        }
    }
}
