import Foundation

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

    /// Calls `body` with each line's bytes (without the newline; a trailing CR is removed),
    /// streaming the file in 1 MiB chunks. A final line without a newline counts; the empty
    /// remainder after a last newline does not.
    static func forEachLine(_ path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(.dataError, "cannot read \(path)")
        }
        defer { if path != "-" { try? handle.close() } }
        var pending: [UInt8] = []
        while true {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start && pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                try body(pending[start..<end])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { try body(pending[...]) }
    }
}
