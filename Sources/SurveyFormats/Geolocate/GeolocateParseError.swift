import JSONCodec

/// Why a geolocate request was refused as a whole (HTTP 400 `parseError`).
///
/// Problems with a single access point or cell do not refuse the request: that entry is
/// skipped and listed in `GeolocateRequest.skippedEntries`.
public enum GeolocateParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not JSON.
    case malformedJSON(JSONError)
    /// The body is JSON but not an object (`[]`, `"…"`, `42`).
    case notAnObject
    /// A top-level field has the wrong type, e.g. `"wifiAccessPoints": {}`.
    case wrongType(field: String, expected: String, found: String)
    /// An entry that is not an access point or cell at all (strict parsing only), e.g.
    /// `wifiAccessPoints[0]: macAddress must be a string, not a number`.
    case malformedEntry(String)

    /// A sentence for the `message` of a 400 response or a CLI error.
    public var description: String {
        switch self {
        case .malformedJSON(let error): "malformed JSON at \(error)"
        case .notAnObject: "the request must be a JSON object"
        case .wrongType(let field, let expected, let found): "\"\(field)\" must be \(expected), not \(found)"
        case .malformedEntry(let entry): entry
        }
    }
}
