/// A Wi-Fi access point's 48-bit MAC address (its BSSID).
///
/// Parses `aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF` and `aabbccddeeff`; always prints the
/// lower-case colon form.
///
/// ```swift
/// let bssid = BSSID("AA-BB-CC-00-11-22")!
/// print(bssid)                         // aa:bb:cc:00:11:22
/// bssid.isLocallyAdministered          // true (bit 0x02 of the first octet)
/// ```
public struct BSSID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The address in the low 48 bits, first octet most significant.
    public let rawValue: UInt64

    /// Creates a BSSID from the low 48 bits of `rawValue`.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue & 0xFFFF_FFFF_FFFF
    }

    /// Creates a BSSID from six octets, or nil when there are not exactly six.
    public init?(octets: some Collection<UInt8>) {
        guard octets.count == 6 else { return nil }
        self.init(rawValue: octets.reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// Parses `aa:bb:cc:dd:ee:ff`, `aa-bb-cc-dd-ee-ff` or `aabbccddeeff` (any case).
    public init?(_ text: some StringProtocol) {
        // Contiguous UTF-8 is the common case (every String from JSON or CSV): parse the bytes
        // in place, without iterating the generic view.
        let parsed = text.utf8.withContiguousStorageIfAvailable { BSSID.parse($0) } ?? BSSID.parse(Array(text.utf8))
        guard let parsed else { return nil }
        self.init(rawValue: parsed)
    }

    /// Parses the address from UTF-8 bytes; nil unless it is exactly 12 hex digits, optionally
    /// with one consistent separator (`:` or `-`) after every pair.
    private static func parse(_ bytes: some Collection<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        var digits = 0
        var separator: UInt8? = nil
        var sinceSeparator = 0
        for byte in bytes {
            if let nibble = BSSID.hexValue(byte) {
                value = value << 4 | UInt64(nibble)
                digits += 1
                sinceSeparator += 1
                guard digits <= 12 else { return nil }
            } else if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") {
                // Separators must be consistent and come after every pair of hex digits.
                guard sinceSeparator == 2, separator == nil || separator == byte else { return nil }
                separator = byte
                sinceSeparator = 0
            } else {
                return nil
            }
        }
        guard digits == 12, separator == nil || sinceSeparator == 2 else { return nil }
        return value
    }

    /// The six octets, first octet first.
    public var octets: [UInt8] {
        (0..<6).map { UInt8(truncatingIfNeeded: rawValue >> (40 - 8 * $0)) }
    }

    /// Whether the address was assigned locally rather than by the manufacturer (IEEE 802:
    /// bit 0x02 of the first octet). Routers use such addresses for secondary networks;
    /// phones use them for randomized addresses.
    public var isLocallyAdministered: Bool {
        rawValue >> 40 & 0x02 != 0
    }

    /// Whether the group bit (0x01 of the first octet) is set; no real access point has it.
    public var isMulticast: Bool {
        rawValue >> 40 & 0x01 != 0
    }

    public var description: String {
        // Written byte by byte: this runs for every emitter of every geolocate response.
        String(unsafeUninitializedCapacity: 17) { buffer in
            forEachTextByte { index, byte in buffer[index] = byte }
            return 17
        }
    }

    /// Appends the text form (`aa:bb:cc:dd:ee:ff`, as `description`) to `bytes` without making
    /// a `String`: what a geolocate response writes for every access point it names.
    ///
    /// - Parameter bytes: the buffer the 17 bytes are appended to.
    public func appendText(to bytes: inout [UInt8]) {
        forEachTextByte { _, byte in bytes.append(byte) }
    }

    /// Hands the 17 bytes of the text form to `body` with their positions, in order.
    private func forEachTextByte(_ body: (Int, UInt8) -> Void) {
        for index in 0..<6 {
            let byte = Int(truncatingIfNeeded: rawValue >> (40 - 8 * index)) & 0xFF
            body(index * 3, BSSID.hexDigit(byte >> 4))
            body(index * 3 + 1, BSSID.hexDigit(byte & 0x0F))
            if index < 5 { body(index * 3 + 2, UInt8(ascii: ":")) }
        }
    }

    public static func < (lhs: BSSID, rhs: BSSID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    private static func hexDigit(_ nibble: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: nibble < 10 ? 48 + nibble : 87 + nibble)  // "0"… or "a"…
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
