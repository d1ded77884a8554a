import Foundation
import SystemSupport

/// A new file (0600) written through a buffer of `capacity` bytes, so text of any length goes
/// out as it is made instead of piling up in memory.
final class TextFileWriter {
    private let path: String
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Creates (or truncates) `path` (the corresponding C function is `open`).
    init(path: String, capacity: Int = 1 << 16) throws(SurveySplitError) {
        let raw = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard raw >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        descriptor = FileDescriptor(rawValue: raw)
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    deinit { close(descriptor.rawValue) }

    /// Appends `text`, writing the buffer out when it is full.
    func write(_ text: String) throws(SurveySplitError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out what is buffered.
    func flush() throws(SurveySplitError) {
        guard !buffer.isEmpty else { return }
        do {
            _ = try descriptor.writeAll(buffer)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
