/// Why a line from gpsd could not be read as a protocol message.
public enum GPSDProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is not JSON (gpsd sends one JSON object per line).
    case notJSON(String)
    /// The line is JSON but not an object.
    case notAnObject
    /// The object has no `class` member.
    case missingClass
    /// A member that gpsd always sends for this class is absent or has the wrong type.
    case malformedField(messageClass: String, field: String)

    public var description: String {
        switch self {
        case .notJSON(let start): "not JSON: \(start)"
        case .notAnObject: "not a JSON object"
        case .missingClass: "object without \"class\""
        case .malformedField(let messageClass, let field): "\(messageClass): missing or malformed \"\(field)\""
        }
    }
}
