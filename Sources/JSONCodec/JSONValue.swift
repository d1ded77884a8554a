/// A JSON value (RFC 8259), as read by `JSONParser` and written by `JSONWriter`.
///
/// Numbers are `Double`s: integers are exact up to ±2^53, which covers every identifier the
/// geolocate API carries (an NR cell id has 36 bits). Objects keep their members in document
/// order, so what is read can be written back unchanged.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"lat": 52.5, "tags": ["a"]}"#.utf8))
/// value["lat"]?.doubleValue   // 52.5
/// value["tags"]?[0]           // .string("a")
/// ```
public enum JSONValue: Hashable, Sendable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A finite number; the parser refuses numbers that overflow a `Double`.
    case number(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array, elements in order.
    case array([JSONValue])
    /// An object, members in order.
    case object(JSONObject)

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The Boolean, or nil for any other kind of value.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number, or nil for any other kind of value.
    public var doubleValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The number as an `Int` when it is integral and within ±2^53 (where a `Double` is exact),
    /// else nil.
    public var integerValue: Int? {
        guard case .number(let value) = self, abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(exactly: value)
    }

    /// The string, or nil for any other kind of value.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The elements, or nil when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The object, or nil when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The value of member `key` when this is an object that has it, else nil.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// Element `index` when this is an array that long, else nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// What kind of value this is, for messages: `null`, `a Boolean`, `a number`, `a string`,
    /// `an array` or `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates `.number`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates `.number`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// Creates an object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
