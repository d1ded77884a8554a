import JSONCodec

/// Reads the fields of one `wifiAccessPoints` or `cellTowers` entry; a field it cannot use
/// becomes the reason the entry is skipped.
///
/// Numbers may also arrive as numeric strings (`"mobileCountryCode": "262"`), which Ichnaea's
/// schema accepts too; `null` counts as absent.
struct GeolocateEntryReader {
    /// Why the entry cannot be used, e.g. `missing cellId`.
    struct Skip: Error {
        let reason: String
        /// Whether the entry is not an entry at all — a field of the wrong JSON type, a word
        /// where a number belongs, an unknown radio — rather than a usable shape with a value
        /// that cannot be used (a malformed MAC address string, a missing or out-of-range field).
        let isMalformed: Bool

        init(_ reason: String, malformed: Bool = false) {
            self.reason = reason
            self.isMalformed = malformed
        }
    }

    let object: JSONObject

    /// The entry as an object, or the reason it is not one.
    init(_ entry: JSONValue) throws(Skip) {
        guard case .object(let object) = entry else { throw Skip("expected an object, not \(entry.kindDescription)", malformed: true) }
        self.object = object
    }

    /// The integer field `key`, nil when absent.
    func integer(_ key: String) throws(Skip) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?:
            guard let integer = Int(exactly: number) else { throw Skip("\(key) \(number) is not an integer") }
            return integer
        case .string(let text)?:
            guard let integer = Int(text) else { throw Skip("\(key) \"\(text)\" is not an integer", malformed: Double(text) == nil) }
            return integer
        case let other?: throw Skip("\(key) must be a number, not \(other.kindDescription)", malformed: true)
        }
    }

    /// The numeric field `key`, nil when absent.
    func number(_ key: String) throws(Skip) -> Double? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let number)?: return number
        case .string(let text)?:
            guard let number = Double(text), number.isFinite else { throw Skip("\(key) \"\(text)\" is not a number", malformed: true) }
            return number
        case let other?: throw Skip("\(key) must be a number, not \(other.kindDescription)", malformed: true)
        }
    }

    /// The string field `key`, nil when absent.
    func string(_ key: String) throws(Skip) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw Skip("\(key) must be a string, not \(other.kindDescription)", malformed: true)
        }
    }

    /// `signalStrength` in dBm; 0, which some Android devices send when they have no reading,
    /// counts as unknown (Ichnaea does the same).
    func signalStrength() throws(Skip) -> Double? {
        guard let value = try number("signalStrength"), value != 0 else { return nil }
        return value
    }

    /// `value`, or the reason `missing <key>`.
    func required<Value>(_ value: Value?, _ key: String) throws(Skip) -> Value {
        guard let value else { throw Skip("missing \(key)") }
        return value
    }
}
