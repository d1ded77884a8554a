#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file descriptor line by line, a chunk at a time, so a file of any size is read in
/// the memory of a few lines (`LineBuffer`'s rules: LF or CRLF, a last line without a newline
/// counts).
///
/// ```swift
/// var reader = LineReader(FileDescriptor.standardInput)
/// while let line = try reader.nextLine() { print(String(decoding: line, as: UTF8.self)) }
/// ```
public struct LineReader {
    /// What is read from.
    public let descriptor: FileDescriptor
    private var lines = LineBuffer()
    private var chunk: [UInt8]
    private var atEnd = false

    /// A reader of `descriptor` (which the caller keeps open, and closes), `chunkSize` bytes
    /// per read.
    public init(_ descriptor: FileDescriptor, chunkSize: Int = 1 << 16) {
        precondition(chunkSize > 0, "LineReader needs a positive chunk size")
        self.descriptor = descriptor
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next line, without its terminator; nil at the end of the input.
    /// - Throws: `Errno` when a read fails (interrupted reads are retried).
    public mutating func nextLine() throws(Errno) -> ArraySlice<UInt8>? {
        while true {
            if let line = lines.nextLine() { return line }
            if atEnd { return lines.finish() }
            let count = try descriptor.read(into: &chunk)
            if count == 0 {
                atEnd = true
            } else {
                chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
        }
    }
}

extension LineReader {
    /// Calls `body` with each line of the file at `path` (`LineBuffer`'s rules), streaming it
    /// `chunkSize` bytes at a time; the file is closed before this returns.
    /// - Throws: `Errno` when the file cannot be opened or read; whatever `body` throws.
    public static func forEachLine(
        ofFile path: String, chunkSize: Int = 1 << 20, _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        let descriptor = FileDescriptor(rawValue: open(path, O_RDONLY | O_CLOEXEC))
        guard descriptor.rawValue >= 0 else { throw Errno.current }
        defer { close(descriptor.rawValue) }
        var reader = LineReader(descriptor, chunkSize: chunkSize)
        while let line = try reader.nextLine() { try body(line) }
    }
}
