/// Why one line of NMEA 0183 input was refused by `NMEASentence.parse(_:)`.
public enum NMEAError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line does not start with `$` (AIS `!` sentences, comments, binary protocols).
    case notNMEA
    /// The line holds bytes outside printable ASCII: binary protocol data or line noise.
    case binary
    /// The address field (talker + sentence type) is missing or malformed.
    case malformedAddress(String)
    /// The `*hh` checksum does not match the XOR of the characters between `$` and `*`.
    case checksumMismatch(expected: UInt8, computed: UInt8)
    /// A field of a supported sentence could not be read.
    case malformedField(sentence: String, field: String, value: String)

    public var description: String {
        switch self {
        case .notNMEA: "not an NMEA sentence"
        case .binary: "binary or non-ASCII data"
        case .malformedAddress(let address): "malformed address field '\(address)'"
        case .checksumMismatch(let expected, let computed):
            "checksum mismatch: line says \(hex(expected)), data gives \(hex(computed))"
        case .malformedField(let sentence, let field, let value):
            "\(sentence): malformed \(field) '\(value)'"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
