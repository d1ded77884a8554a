import JSONCodec

/// The one place the GNSS module reads JSON: a gpsd object behind typed accessors, read with the
/// project's strict JSON parser (`JSONParser`).
struct GPSDJSONObject {
    private let object: JSONObject

    /// Parses one line of gpsd output as a JSON object.
    /// - Throws: `.notJSON` for text that is not a JSON array or object (a bare scalar is not a
    ///   gpsd message either), `.notAnObject` for an array.
    init(line: some StringProtocol) throws(GPSDProtocolError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(String(line))
        } catch {
            throw .notJSON(String(line.prefix(80)))
        }
        switch value {
        case .object(let object): self.object = object
        case .array: throw .notAnObject
        default: throw .notJSON(String(line.prefix(80)))
        }
    }

    private init(object: JSONObject) {
        self.object = object
    }

    func string(_ key: String) -> String? {
        object[key]?.stringValue
    }

    /// A JSON number; strings and booleans are not numbers here.
    func number(_ key: String) -> Double? {
        object[key]?.doubleValue
    }

    /// A JSON `true`/`false` (not a number that happens to be 0 or 1).
    func boolean(_ key: String) -> Bool? {
        object[key]?.boolValue
    }

    func contains(_ key: String) -> Bool {
        object[key] != nil
    }

    func objects(_ key: String) -> [GPSDJSONObject]? {
        guard let array = object[key]?.arrayValue else { return nil }
        return array.compactMap { $0.objectValue.map(GPSDJSONObject.init(object:)) }
    }
}
