/// A network name exactly as broadcast: up to 32 arbitrary bytes.
///
/// SSIDs are not guaranteed to be UTF-8 (older routers send GBK, Latin-1, …), so the raw bytes
/// are kept and ``displayName`` escapes what is not valid UTF-8, the way `iw` does
/// (`\xb2\xe2`). A hidden network broadcasts an empty SSID or one of zero bytes.
public struct WiFiSSID: Sendable, Hashable, CustomStringConvertible {
    /// The bytes of the SSID element, unchanged.
    public let bytes: [UInt8]

    /// Creates an SSID from the bytes of the SSID element.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// Creates an SSID from text, encoded as UTF-8.
    public init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    /// Whether the network hides its name: an empty SSID, or only zero bytes (IEEE 802.11
    /// leaves the length in place and blanks the name).
    public var isHidden: Bool {
        bytes.allSatisfy { $0 == 0 }
    }

    /// The name when the bytes are valid UTF-8 and the network is not hidden, else nil.
    public var string: String? {
        guard !isHidden else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The name for people: UTF-8 text as is, every byte that is not part of valid UTF-8 and
    /// every control character written as `\xHH`, backslashes doubled; empty when hidden.
    public var displayName: String {
        guard !isHidden else { return "" }
        if let text = string, !text.unicodeScalars.contains(where: Self.needsEscaping) {
            return text
        }
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = Self.validSequenceLength(bytes, at: index)
            if length > 0, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self),
                !scalar.unicodeScalars.contains(where: Self.needsEscaping)
            {
                result += scalar
                index += length
            } else {
                result += Self.escape(bytes[index])
                index += 1
            }
        }
        return result
    }

    public var description: String { displayName }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\\"
    }

    private static func escape(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: "\\") { return "\\\\" }
        let hex = String(byte, radix: 16)
        return "\\x" + (byte < 16 ? "0" + hex : hex)
    }

    /// The length of the UTF-8 sequence starting at `index` when its lead byte announces one
    /// that fits in the buffer, else 0 (the caller then validates it).
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0x00...0x7F: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        return index + length <= bytes.count ? length : 0
    }
}
