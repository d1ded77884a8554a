/// Builds a command from what the parser matched, through the command's synthesized
/// `Decodable` conformance: each property wrapper is decoded from an `ArgumentField` that
/// carries its default instance (with the declaration) and the raw values given for it.
///
/// This is how swift-argument-parser fills typed properties without string-keyed lookups.
struct ArgumentDecoder: Decoder {
    /// The fields by property name (without the wrapper's underscore): an `ArgumentField`, or
    /// an `ArgumentDecoder` for an `@OptionGroup`.
    public var fields: [String: any Decoder]

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(fields: fields))
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.notAnArgument("a list") }
    public func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.notAnArgument("a value") }

    /// A command's stored property that is no `@Option`, `@Flag` or `@Argument`: a programming mistake.
    public static func notAnArgument(_ what: String) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "\(what) of a command is not declared with @Option, @Flag or @Argument"))
    }

    private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        var fields: [String: any Decoder]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let field = fields[key.stringValue] else { throw ArgumentDecoder.notAnArgument("'\(key.stringValue)'") }
            return try T(from: field)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> { throw ArgumentDecoder.notAnArgument("'\(key.stringValue)'") }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw ArgumentDecoder.notAnArgument("'\(key.stringValue)'")
        }
        func superDecoder() throws -> any Decoder { throw ArgumentDecoder.notAnArgument("a superclass") }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw ArgumentDecoder.notAnArgument("a superclass") }
    }
}

/// One declared argument's default instance and the raw values the command line gave it.
struct ArgumentField: Decoder {
    /// The raw value recorded for `--flag`; `--no-flag` records `flagOff`.
    public static let flagOn = "true"
    public static let flagOff = "false"

    public var prototype: any DeclaredArgument
    public var values: [String]

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw ArgumentDecoder.notAnArgument("an object")
    }
    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ArgumentDecoder.notAnArgument("a list") }
    public func singleValueContainer() throws -> any SingleValueDecodingContainer { throw ArgumentDecoder.notAnArgument("a value") }

    /// The field a property wrapper decodes itself from, typed as that wrapper.
    public static func field<Wrapper: DeclaredArgument>(
        in decoder: any Decoder, prototype: Wrapper.Type
    ) throws -> (prototype: Wrapper, values: [String]) {
        guard let field = decoder as? ArgumentField, let prototype = field.prototype as? Wrapper else {
            throw ArgumentDecoder.notAnArgument("a property")
        }
        return (prototype, field.values)
    }
}
