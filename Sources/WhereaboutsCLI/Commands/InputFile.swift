import Foundation
import SystemSupport

/// Reading command inputs: whole small files (or standard input) and large files line by line.
enum InputFile {
    /// The whole file, or standard input for `-`.
    static func readAll(_ path: String) throws(CommandFailure) -> [UInt8] {
        if path == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(.dataError, "cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")")
        }
        return Array(data)
    }

    /// Calls `body` with each line's bytes (`LineBuffer`'s rules: without the newline or a CR
    /// before it; a final line without a newline counts, the empty remainder after a last newline
    /// does not), streaming the file in 1 MiB chunks.
    static func forEachLine(_ path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        let descriptor = path == "-" ? FileDescriptor.standardInput : FileDescriptor(rawValue: open(path, O_RDONLY | O_CLOEXEC))
        guard descriptor.rawValue >= 0 else { throw CommandFailure(.dataError, "cannot read \(path)") }
        defer { if path != "-" { close(descriptor.rawValue) } }
        var reader = LineReader(descriptor, chunkSize: 1 << 20)
        while let line = try reader.nextLine() { try body(line) }
    }
}
