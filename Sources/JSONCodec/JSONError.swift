/// Where in a JSON text something is: byte offset, and line and column for people.
///
/// Offsets count bytes from the start of the input, starting at 0. Lines start at 1 and are
/// counted at each line feed (U+000A); columns start at 1 and count bytes, not characters.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    /// Bytes before this position in the whole input.
    public var offset: Int
    /// 1-based line number.
    public var line: Int
    /// 1-based byte column within the line.
    public var column: Int

    /// The first byte of a text.
    public static let start = JSONPosition(offset: 0, line: 1, column: 1)

    /// Creates a position; `line` and `column` are 1-based.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 3, column 7 (byte 42)`.
    public var description: String {
        "line \(line), column \(column) (byte \(offset))"
    }
}

/// Why a JSON text was refused, and where: the error of `JSONTokenizer` and `JSONParser`.
///
/// ```swift
/// do { _ = try JSONParser.parse(Array(#"[1,]"#.utf8)) }
/// catch { print(error) }  // line 1, column 4 (byte 3): unexpected ']', expected a value
/// ```
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong (RFC 8259 names the rules each case refers to).
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The input ended inside a value, or before any value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue what the grammar allows here.
        case unexpectedByte(UInt8, expected: String?)
        /// Something that starts like `true`, `false` or `null` but is not.
        case invalidLiteral
        /// A number that breaks RFC 8259 §6 (leading zero, missing digits).
        case invalidNumber(String)
        /// A number too large for a `Double` (it would become infinite).
        case numberOutOfRange
        /// A backslash followed by a byte that is not one of `" \ / b f n r t u`.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner (RFC 8259 §8.2).
        case loneSurrogate(UInt16)
        /// An unescaped control character (U+0000…U+001F) inside a string.
        case controlCharacterInString(UInt8)
        /// Bytes inside a string that are not well-formed UTF-8 (RFC 3629).
        case invalidUTF8
        /// Arrays and objects nested deeper than the parser's limit.
        case nestingTooDeep(limit: Int)
        /// More than whitespace after the top-level value.
        case trailingContent

        /// A phrase for messages: `unexpected ']', expected a value`.
        public var description: String {
            switch self {
            case .unexpectedEndOfInput: "unexpected end of input"
            case .unexpectedByte(let byte, let expected):
                "unexpected \(Self.describe(byte))" + (expected.map { ", expected \($0)" } ?? "")
            case .invalidLiteral: "invalid literal (expected true, false or null)"
            case .invalidNumber(let why): "invalid number: \(why)"
            case .numberOutOfRange: "number out of range"
            case .invalidEscape(let byte): "invalid escape \\\(Self.describe(byte, quoted: false))"
            case .invalidUnicodeEscape: "\\u must be followed by four hexadecimal digits"
            case .loneSurrogate(let unit): "lone UTF-16 surrogate \\u\(Self.hex(unit))"
            case .controlCharacterInString(let byte): "unescaped control character 0x\(Self.hex(UInt16(byte), width: 2)) in string"
            case .invalidUTF8: "invalid UTF-8"
            case .nestingTooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
            case .trailingContent: "unexpected content after the JSON value"
            }
        }

        private static func describe(_ byte: UInt8, quoted: Bool = true) -> String {
            if (0x21...0x7E).contains(byte) {
                let character = String(UnicodeScalar(byte))
                return quoted ? "'\(character)'" : character
            }
            return "byte 0x\(hex(UInt16(byte), width: 2))"
        }

        private static func hex(_ value: UInt16, width: Int = 4) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    /// Where the problem starts.
    public var position: JSONPosition
    /// What the problem is.
    public var reason: Reason

    /// Creates an error at `position`.
    public init(_ reason: Reason, at position: JSONPosition) {
        self.reason = reason
        self.position = position
    }

    /// Byte offset of the problem from the start of the input.
    public var offset: Int { position.offset }

    /// `line 1, column 4 (byte 3): unexpected ']', expected a value`.
    public var description: String {
        "\(position): \(reason)"
    }
}
