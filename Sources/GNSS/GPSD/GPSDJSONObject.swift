import Foundation

/// The one place the GNSS module reads JSON: a gpsd object behind typed accessors.
///
/// Backed by Foundation's `JSONSerialization` for now; the project's own JSON reader will
/// replace it here without touching the message types.
struct GPSDJSONObject {
    private let values: [String: Any]

    /// Parses one line of gpsd output as a JSON object.
    init(line: some StringProtocol) throws(GPSDProtocolError) {
        let data = Data(line.utf8)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw .notJSON(String(line.prefix(80)))
        }
        guard let object = parsed as? [String: Any] else { throw .notAnObject }
        values = object
    }

    private init(values: [String: Any]) {
        self.values = values
    }

    func string(_ key: String) -> String? {
        values[key] as? String
    }

    /// A JSON number; strings and booleans are not numbers here.
    func number(_ key: String) -> Double? {
        guard let number = values[key] as? NSNumber, !Self.isBoolean(number) else { return nil }
        return number.doubleValue.isFinite ? number.doubleValue : nil
    }

    /// A JSON `true`/`false` (not a number that happens to be 0 or 1).
    func boolean(_ key: String) -> Bool? {
        guard let number = values[key] as? NSNumber, Self.isBoolean(number) else { return nil }
        return number.boolValue
    }

    // swift-corelibs-foundation bridges every JSON number to Bool too; only `true`/`false`
    // come back as the boolean subclass of NSNumber.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(describing: type(of: number)).contains("Boolean")
    }

    func contains(_ key: String) -> Bool {
        values[key] != nil
    }

    func objects(_ key: String) -> [GPSDJSONObject]? {
        guard let array = values[key] as? [Any] else { return nil }
        return array.compactMap { ($0 as? [String: Any]).map(GPSDJSONObject.init(values:)) }
    }
}
