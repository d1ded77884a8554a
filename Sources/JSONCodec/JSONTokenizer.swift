/// Splits JSON text (RFC 8259) into tokens, one byte at a time, without building values.
///
/// `JSONParser` builds documents on it; an incremental reader can use it directly to walk a
/// large file value by value. The tokenizer checks everything inside a token — string escapes,
/// surrogate pairs, UTF-8, number syntax — and leaves the grammar (where commas and colons go,
/// nesting depth) to its caller.
///
/// ```swift
/// try JSONTokenizer.withTokenizer(over: bytes) { (tokenizer: inout JSONTokenizer) throws(JSONError) in
///     while true {
///         let token = try tokenizer.next()
///         if case .endOfInput = token { break }
///         print(token, tokenizer.tokenPosition)
///     }
/// }
/// ```
///
/// **Reading in chunks.** Pass `isEndOfInput: false` for a chunk that more bytes follow. A
/// token cut off by the chunk's end (including a number, which might go on) then throws
/// `.unexpectedEndOfInput`, and `tokenPosition` says where that token starts: keep the bytes
/// from there, append the next chunk, and continue with `startingAt: tokenPosition`.
public struct JSONTokenizer {
    /// One lexical element of JSON text (RFC 8259 §2–§7).
    public enum Token: Hashable, Sendable {
        /// `{`
        case beginObject
        /// `}`
        case endObject
        /// `[`
        case beginArray
        /// `]`
        case endArray
        /// `:`
        case nameSeparator
        /// `,`
        case valueSeparator
        /// A string with its escapes decoded.
        case string(String)
        /// A number (finite; integers exact up to 2^53).
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// Nothing but whitespace is left (only when the input is complete).
        case endOfInput
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let isEndOfInput: Bool
    /// `JSONPosition.offset` of `bytes[0]`.
    let baseOffset: Int
    /// The index of the next byte to read.
    var index = 0
    /// The index where the latest token starts.
    var tokenStart = 0
    /// The line of `index`, and the index of that line's first byte (negative when the line
    /// began in an earlier chunk).
    var line: Int
    var lineStart: Int
    /// Reused for strings with escapes or non-ASCII characters.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, startingAt origin: JSONPosition, isEndOfInput: Bool) {
        self.bytes = bytes
        self.isEndOfInput = isEndOfInput
        self.baseOffset = origin.offset
        self.line = origin.line
        self.lineStart = 1 - origin.column
    }

    /// Runs `body` with a tokenizer over `bytes`, which it reads in place when they are
    /// contiguous (`[UInt8]`, `String.UTF8View`, `Data`, buffer pointers) and copies otherwise.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text, or a chunk of it.
    ///   - origin: where `bytes` starts in the whole input; positions in errors count from it.
    ///   - isEndOfInput: false when more bytes follow this chunk (see the type's discussion).
    ///   - body: reads tokens; the tokenizer must not escape it.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public static func withTokenizer<Value, Failure: Error>(
        over bytes: some Collection<UInt8>, startingAt origin: JSONPosition = .start,
        isEndOfInput: Bool = true, _ body: (inout JSONTokenizer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        // `withContiguousStorageIfAvailable` rethrows untyped errors, so carry the outcome out.
        let outcome: Result<Value, Failure>? = bytes.withContiguousStorageIfAvailable { buffer in
            var tokenizer = JSONTokenizer(bytes: buffer, startingAt: origin, isEndOfInput: isEndOfInput)
            do throws(Failure) { return .success(try body(&tokenizer)) } catch { return .failure(error) }
        }
        if let outcome { return try outcome.get() }
        return try withTokenizer(over: Array(bytes), startingAt: origin, isEndOfInput: isEndOfInput, body)
    }

    /// Reads the next token.
    /// - Throws: `JSONError` when the bytes at `position` do not form a token.
    public mutating func next() throws(JSONError) -> Token {
        skipWhitespace()
        tokenStart = index
        guard index < bytes.count else {
            if isEndOfInput { return .endOfInput }
            throw error(.unexpectedEndOfInput, at: index)
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"): index += 1; return .beginObject
        case UInt8(ascii: "}"): index += 1; return .endObject
        case UInt8(ascii: "["): index += 1; return .beginArray
        case UInt8(ascii: "]"): index += 1; return .endArray
        case UInt8(ascii: ":"): index += 1; return .nameSeparator
        case UInt8(ascii: ","): index += 1; return .valueSeparator
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        default: throw error(.unexpectedByte(byte, expected: nil), at: index)
        }
    }

    /// Where the next unread byte is.
    public var position: JSONPosition { position(of: index) }

    /// Where the latest token returned (or refused) by `next()` starts.
    public var tokenPosition: JSONPosition { position(of: tokenStart) }

    /// An error for a token that is well formed but not allowed here: `unexpected ']',
    /// expected a value` at the token's start, or `unexpected end of input`.
    public func unexpectedTokenError(expected: String) -> JSONError {
        guard tokenStart < bytes.count else { return error(.unexpectedEndOfInput, at: tokenStart) }
        return error(.unexpectedByte(bytes[tokenStart], expected: expected), at: tokenStart)
    }

    /// An error at the start of the latest token.
    public func errorAtToken(_ reason: JSONError.Reason) -> JSONError {
        error(reason, at: tokenStart)
    }

    // Internals shared with the string and number readers (JSONTokenizer+Strings/+Numbers).

    func position(of byteIndex: Int) -> JSONPosition {
        JSONPosition(offset: baseOffset + byteIndex, line: line, column: byteIndex - lineStart + 1)
    }

    func error(_ reason: JSONError.Reason, at byteIndex: Int) -> JSONError {
        JSONError(reason, at: position(of: byteIndex))
    }

    /// Skips the four whitespace bytes of RFC 8259 §2, counting lines.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() {
            guard index + offset < bytes.count else { throw error(.unexpectedEndOfInput, at: index + offset) }
            guard bytes[index + offset] == byte else { throw error(.invalidLiteral, at: index) }
        }
        index += expected.count
    }
}
