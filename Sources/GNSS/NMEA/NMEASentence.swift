/// One NMEA 0183 sentence: its talker, type, fields and, for the sentences Whereabouts uses,
/// the decoded content.
///
/// Parsing is a pure function of the text, so it can be fuzzed:
///
/// ```swift
/// let sentence = try NMEASentence.parse("$GNRMC,102127.000,A,5129.0623,N,00632.2911,E,0.33,30.68,210211,,,A*4F")
/// if case .recommendedMinimum(let rmc) = sentence.payload { print(rmc.coordinate) }
/// ```
///
/// Any talker is accepted (`GP`, `GN`, `GL`, `GA`, `BD`, `GB`, `EC`, `IN`, …); proprietary
/// sentences (`$P…`) have talker `P`. A `*hh` checksum, when present, must match; NMEA 0183
/// before 2.0 made it optional and some receivers still omit it (`hasChecksum` is then false).
public struct NMEASentence: Hashable, Sendable {
    /// The talker identifier, e.g. `GP` (GPS), `GN` (multi-constellation), `P` for proprietary.
    public var talker: String
    /// The sentence formatter, e.g. `GGA`; for proprietary sentences the rest of the address.
    public var type: String
    /// The comma-separated data fields after the address, without the checksum.
    public var fields: [String]
    /// Whether the line carried a (verified) checksum.
    public var hasChecksum: Bool
    /// The decoded content for the supported sentence types, else `.unsupported`.
    public var payload: Payload

    /// Longest line accepted; NMEA allows 82 characters, receivers' proprietary ones run longer.
    public static let maximumLength = 1024

    /// Parses one line of NMEA 0183 text (trailing CR/LF and spaces are ignored).
    /// - Throws: `NMEAError` saying why the line is not a usable sentence.
    public static func parse(_ line: some StringProtocol) throws(NMEAError) -> NMEASentence {
        try parse(bytes: Array(line.utf8))
    }

    /// Parses one line given as bytes; non-ASCII bytes make it `NMEAError.binary`.
    /// - Throws: `NMEAError` saying why the line is not a usable sentence.
    public static func parse(bytes: some Collection<UInt8>) throws(NMEAError) -> NMEASentence {
        var bytes = Array(bytes)
        while let last = bytes.last, last == 0x0D || last == 0x0A || last == 0x20 { bytes.removeLast() }
        guard bytes.count <= maximumLength,
            bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { throw .binary }
        guard bytes.first == UInt8(ascii: "$") else { throw .notNMEA }

        var body = bytes[1...]
        var hasChecksum = false
        if let star = body.lastIndex(of: UInt8(ascii: "*")) {
            let checksumText = body[(star + 1)...]
            guard checksumText.count == 2, let expected = UInt8(String(decoding: checksumText, as: UTF8.self), radix: 16)
            else { throw .checksumMismatch(expected: 0, computed: checksum(of: body[..<star])) }
            let computed = checksum(of: body[..<star])
            guard computed == expected else { throw .checksumMismatch(expected: expected, computed: computed) }
            body = body[..<star]
            hasChecksum = true
        }

        let parts = String(decoding: body, as: UTF8.self)
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let address = parts[0]
        guard address.count >= 2, address.utf8.allSatisfy({ isUpperOrDigit($0) }) else {
            throw .malformedAddress(address)
        }
        let talker: String
        let type: String
        if address.hasPrefix("P") {
            talker = "P"
            type = String(address.dropFirst())
        } else {
            guard address.count == 5, address.utf8.prefix(2).allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
                throw .malformedAddress(address)
            }
            talker = String(address.prefix(2))
            type = String(address.dropFirst(2))
        }
        let fields = Array(parts.dropFirst())
        let payload = try talker == "P" ? .unsupported : Payload.decode(type: type, fields: fields)
        return NMEASentence(talker: talker, type: type, fields: fields, hasChecksum: hasChecksum, payload: payload)
    }

    /// The NMEA checksum: XOR of every byte between `$` and `*`.
    public static func checksum(of body: some Sequence<UInt8>) -> UInt8 {
        body.reduce(0, ^)
    }

    private static func isUpperOrDigit(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (48...57).contains(byte)
    }
}
