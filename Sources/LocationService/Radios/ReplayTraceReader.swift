import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport

/// Reads a replay-trace file front to back, one sample at a time, 64 KiB at a time: a trace of
/// hours replays in the memory of a few lines.
///
/// Not `Sendable`: one owner (a `ReplayRadios`) uses it. Its reads are of a regular file, 64 KiB
/// at a time, never of a device or socket that could keep a thread waiting. The file is closed
/// in `deinit`.
final class ReplayTraceReader {
    private let descriptor: FileDescriptor
    private var lines: LineReader
    /// The number of the line last read.
    private(set) var lineNumber = 0

    /// Opens `path`.
    /// - Throws: `ReplayTraceError` (line 0) when the file cannot be opened.
    init(path: String) throws(ReplayTraceError) {
        descriptor = FileDescriptor(rawValue: open(path, O_RDONLY | O_CLOEXEC))
        guard descriptor.rawValue >= 0 else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw ReplayTraceError(line: 0, reason: "cannot read \(path): \(reason)")
        }
        lines = LineReader(descriptor, chunkSize: 1 << 16)
    }

    deinit {
        close(descriptor.rawValue)
    }

    /// The next sample; nil at the end of the file. Blank lines are skipped.
    /// - Throws: `ReplayTraceError` for a bad line (or a read error), with its number.
    func next() throws(ReplayTraceError) -> RadioSample? {
        while let line = try nextLine() {
            lineNumber += 1
            if let sample = try ReplayTrace.parseLine(String(decoding: line, as: UTF8.self), lineNumber: lineNumber) {
                return sample
            }
        }
        return nil
    }

    /// Which sources the whole trace mentions, read once through (and every line checked).
    static func sourcesMentioned(in path: String) throws(ReplayTraceError) -> Set<PositioningSource> {
        let reader = try ReplayTraceReader(path: path)
        var mentions: Set<PositioningSource> = []
        while let sample = try reader.next() { mentions.formUnion(sample.sources) }
        return mentions
    }

    private func nextLine() throws(ReplayTraceError) -> ArraySlice<UInt8>? {
        do throws(Errno) {
            return try lines.nextLine()
        } catch {
            throw ReplayTraceError(line: lineNumber + 1, reason: "cannot read: \(error)")
        }
    }
}

extension RadioSample {
    /// The sources this sample has readings of.
    var sources: Set<PositioningSource> {
        var sources: Set<PositioningSource> = []
        if gnss != nil { sources.insert(.gps) }
        if !cells.isEmpty { sources.insert(.cell) }
        if !wifi.isEmpty { sources.insert(.wifi) }
        return sources
    }
}
