/// Writes compact JSON (RFC 8259) into a byte buffer, value by value.
///
/// Members come out in the order they are written, so output is stable. Commas are placed by
/// the writer; writing a value where the grammar does not allow one (a value in an object
/// without its key, a key outside an object) is a programming error and traps.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.writeKey("lat"); writer.write(52.5200066, decimals: 7)
/// writer.writeKey("accuracy"); writer.write(25.0, decimals: 1)
/// writer.endObject()
/// writer.string   // {"lat":52.5200066,"accuracy":25.0}
/// ```
public struct JSONWriter: Sendable {
    /// The JSON text written so far, UTF-8.
    public internal(set) var bytes: [UInt8] = []

    private enum Container { case array, object }
    private var containers: [Container] = []
    /// Whether the current container already holds a value (so the next needs a comma).
    private var needsSeparator = false
    /// Whether a key was just written in an object, so its value comes next.
    private var expectsValue = false

    /// Creates an empty writer.
    public init() {}

    /// Creates an empty writer with room for `capacity` bytes.
    public init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text written so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Ends a line of JSON Lines output (`locate --batch`, `watch --json`): appends `\n`
    /// after a complete top-level value.
    public mutating func writeLineBreak() {
        precondition(containers.isEmpty && !expectsValue, "writeLineBreak() inside an array or object")
        bytes.append(UInt8(ascii: "\n"))
        needsSeparator = false
    }

    /// Empties the writer, keeping its buffer, so one writer can serve line after line.
    public mutating func removeAll() {
        precondition(containers.isEmpty && !expectsValue, "removeAll() inside an array or object")
        bytes.removeAll(keepingCapacity: true)
        needsSeparator = false
    }

    /// Writes `{`; members follow as `writeKey` and a value each, then `endObject()`.
    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        containers.append(.object)
        needsSeparator = false
    }

    /// Writes `}`, closing the object begun last.
    public mutating func endObject() {
        precondition(containers.last == .object && !expectsValue, "endObject() without an open object or after a key")
        containers.removeLast()
        bytes.append(UInt8(ascii: "}"))
        needsSeparator = true
    }

    /// Writes `[`; elements follow, then `endArray()`.
    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        containers.append(.array)
        needsSeparator = false
    }

    /// Writes `]`, closing the array begun last.
    public mutating func endArray() {
        precondition(containers.last == .array, "endArray() without an open array")
        containers.removeLast()
        bytes.append(UInt8(ascii: "]"))
        needsSeparator = true
    }

    /// Writes the name of the next member of the current object.
    public mutating func writeKey(_ key: String) {
        precondition(containers.last == .object && !expectsValue, "writeKey(_:) outside an object or twice")
        if needsSeparator { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        expectsValue = true
    }

    /// Writes a string, escaping quotes, backslashes and control characters; other characters
    /// stay UTF-8.
    public mutating func write(_ string: String) {
        beginValue()
        appendQuoted(string)
        needsSeparator = true
    }

    /// Writes a string whose text `appendText` appends straight into the buffer, without
    /// making a `String` or looking for characters to escape: for text written often that never
    /// needs an escape, such as a BSSID's `aa:bb:cc:dd:ee:ff` in every geolocate response.
    ///
    /// - Parameter appendText: appends the string's UTF-8 bytes, which must hold no quote,
    ///   backslash or control character (checked in debug builds).
    public mutating func writeUnescapedString(_ appendText: (inout [UInt8]) -> Void) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        appendText(&bytes)
        assert(
            bytes[start...].allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
            "writeUnescapedString(_:) appended a byte that needs an escape")
        bytes.append(UInt8(ascii: "\""))
        needsSeparator = true
    }

    /// Writes `true` or `false`.
    public mutating func write(_ bool: Bool) {
        beginValue()
        bytes.append(contentsOf: bool ? Self.trueBytes : Self.falseBytes)
        needsSeparator = true
    }

    /// Writes `null`.
    public mutating func writeNull() {
        beginValue()
        bytes.append(contentsOf: Self.nullBytes)
        needsSeparator = true
    }

    /// Writes an integer.
    public mutating func write(_ integer: Int) {
        beginValue()
        appendDecimal(integer)
        needsSeparator = true
    }

    /// Writes a number; `null` when it is NaN or infinite, which JSON cannot express.
    ///
    /// - Parameters:
    ///   - number: the value.
    ///   - decimals: round to this many decimal places (0…15) and drop trailing zeros, keeping
    ///     one so the number still reads as a fraction: `52.5200066`, `25.0`. Nil writes the
    ///     shortest text that reads back as the same `Double` (`0.30000000000000004`), and
    ///     integers without a fraction.
    public mutating func write(_ number: Double, decimals: Int? = nil) {
        beginValue()
        appendNumber(number, decimals: decimals)
        needsSeparator = true
    }

    /// Writes `number` as `write(_:decimals:)` does, or null when nil.
    public mutating func write(_ number: Double?, decimals: Int? = nil) {
        guard let number else { return writeNull() }
        write(number, decimals: decimals)
    }

    /// Writes `range` as `[lower, upper]` (each as `write(_:decimals:)` does), or null when nil.
    public mutating func write(_ range: ClosedRange<Double>?, decimals: Int? = nil) {
        guard let range else { return writeNull() }
        beginArray()
        write(range.lowerBound, decimals: decimals)
        write(range.upperBound, decimals: decimals)
        endArray()
    }

    /// Writes a whole value, members in their stored order.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let bool): write(bool)
        case .number(let number): write(number)
        case .string(let string): write(string)
        case .array(let elements):
            beginArray()
            for element in elements { write(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object {
                writeKey(member.key)
                write(member.value)
            }
            endObject()
        }
    }

    /// The compact JSON text of `value`.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(value)
        return writer.bytes
    }

    private mutating func beginValue() {
        if expectsValue {
            expectsValue = false
        } else {
            precondition(containers.last != .object, "a value in an object needs writeKey(_:) first")
            precondition(!containers.isEmpty || !needsSeparator, "a second top-level value needs writeLineBreak() first")
            if needsSeparator { bytes.append(UInt8(ascii: ",")) }
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Copy runs of bytes that need no escape in one go.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escape of a quote, backslash or control character (RFC 8259 §7).
    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0..<0x20:
            // Other control characters have no short escape: \u00XX.
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0x0F))
        default:
            bytes.append(byte)  // the quote or the backslash itself
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Appends the decimal digits of `value`, with a minus sign when negative.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1)
    }

    /// Appends the digits of `value`, zero-padded on the left to `minimumCount`.
    mutating func appendDigits(_ value: UInt, minimumCount: Int) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            while count < minimumCount && count < 20 {
                buffer[19 - count] = UInt8(ascii: "0")
                count += 1
            }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
