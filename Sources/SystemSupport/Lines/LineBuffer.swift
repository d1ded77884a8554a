/// Splits bytes that arrive in pieces — file chunks, socket reads — into lines, without copying
/// a line until its owner asks for it.
///
/// A line ends at `\n`; a `\r` just before it is dropped, so CRLF text reads as LF text. Once
/// the input has ended (`finish()`), the bytes after the last `\n` are one more line, unless
/// there are none: a final newline does not make an empty last line.
///
/// ```swift
/// var lines = LineBuffer()
/// lines.append(contentsOf: Array("one\r\ntw".utf8))
/// lines.nextLine()   // "one"
/// lines.nextLine()   // nil: "tw" has no newline yet
/// lines.finish()     // "tw"
/// ```
public struct LineBuffer: Sendable {
    private var bytes: [UInt8]
    /// Where the first byte not yet returned as part of a line is.
    private var start: Int
    /// Where the search for the next `\n` goes on: the bytes from `start` to here hold none, so
    /// a long line arriving in many pieces is searched once, not once per piece.
    private var searched: Int

    /// An empty buffer.
    public init() {
        bytes = []
        start = 0
        searched = 0
    }

    /// A buffer holding all of `bytes` (the whole input when it is already in memory; the array
    /// is shared, not copied).
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        start = 0
        searched = 0
    }

    /// How many bytes were appended but not yet returned in a line: a limit on line length
    /// looks at this after each append.
    public var unreadCount: Int { bytes.count - start }

    /// Appends the next piece of input.
    public mutating func append(_ piece: UnsafeRawBufferPointer) {
        compact()
        bytes.append(contentsOf: piece)
    }

    /// Appends the next piece of input.
    public mutating func append(contentsOf piece: [UInt8]) {
        compact()
        bytes.append(contentsOf: piece)
    }

    /// The next complete line, without its `\n` (or `\r\n`); nil when no `\n` follows the
    /// bytes not yet returned.
    public mutating func nextLine() -> ArraySlice<UInt8>? {
        guard let newline = bytes[searched...].firstIndex(of: UInt8(ascii: "\n")) else {
            searched = bytes.count
            return nil
        }
        let line = Self.droppingCarriageReturn(bytes[start..<newline])
        start = newline + 1
        searched = start
        return line
    }

    /// The last line once the input has ended: what follows the final `\n` (without a trailing
    /// `\r`), or nil when nothing does. Call it after `nextLine()` has returned nil; the buffer
    /// is empty afterwards.
    public mutating func finish() -> ArraySlice<UInt8>? {
        defer {
            bytes = []
            start = 0
            searched = 0
        }
        guard start < bytes.count else { return nil }
        return Self.droppingCarriageReturn(bytes[start...])
    }

    /// Drops the lines already returned, so the buffer holds only what is unread.
    private mutating func compact() {
        guard start > 0 else { return }
        bytes.removeSubrange(..<start)
        searched -= start
        start = 0
    }

    private static func droppingCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }
}
