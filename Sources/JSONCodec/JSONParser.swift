/// Reads a whole JSON text (RFC 8259) into a `JSONValue`, strictly.
///
/// Strict means: exactly one value surrounded by optional whitespace; no comments, trailing
/// commas, single quotes, leading zeros, `NaN`, byte order mark or invalid UTF-8; escapes and
/// surrogate pairs checked; nesting limited (64 levels by default) so hostile input cannot
/// exhaust the stack. Errors name the byte offset, line and column.
///
/// ```swift
/// let request = try JSONParser.parse(Array(#"{"considerIp": false}"#.utf8))
/// request["considerIp"]   // .bool(false)
/// ```
public enum JSONParser {
    /// The nesting limit used when none is given.
    public static let defaultMaximumDepth = 64

    /// Parses `bytes`, UTF-8 JSON text, into a value.
    ///
    /// - Parameters:
    ///   - bytes: the whole text; `[UInt8]`, `Data`, `String.UTF8View` and buffer pointers are
    ///     read in place.
    ///   - maximumDepth: how deeply arrays and objects may nest (the top level counts as 1).
    /// - Returns: the value.
    /// - Throws: `JSONError` with the position and reason of the first problem.
    public static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONError) -> JSONValue {
        try JSONTokenizer.withTokenizer(over: bytes) { (tokenizer: inout JSONTokenizer) throws(JSONError) -> JSONValue in
            var builder = DocumentBuilder(maximumDepth: maximumDepth)
            let value = try builder.readValue(try tokenizer.next(), from: &tokenizer, depth: 0)
            // Whatever follows is trailing content, even bytes that could start no token.
            guard tokenizer.isAtEndOfInput() else {
                throw tokenizer.error(.trailingContent, at: tokenizer.index)
            }
            return value
        }
    }

    /// Parses the UTF-8 bytes of `text`.
    /// - Throws: `JSONError` with the position and reason of the first problem.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        try parse(text.utf8, maximumDepth: maximumDepth)
    }

    /// Parses the bytes of a raw buffer (as read from a socket or a mapped file).
    /// - Throws: `JSONError` with the position and reason of the first problem.
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONError) -> JSONValue {
        try parse(buffer.assumingMemoryBound(to: UInt8.self), maximumDepth: maximumDepth)
    }
}

/// Builds values from tokens: the grammar of RFC 8259 §2–§5.
private struct DocumentBuilder {
    let maximumDepth: Int
    /// Elements and members of the containers still open, innermost last. Collecting them here
    /// and copying each container out once it closes costs one allocation per container,
    /// where growing each container's own array would cost several.
    private var pendingElements: [JSONValue] = []
    private var pendingMembers: [JSONObject.Member] = []

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Reads the value that starts with `token`; `depth` is the number of enclosing containers.
    mutating func readValue(
        _ token: JSONTokenizer.Token, from tokenizer: inout JSONTokenizer, depth: Int
    ) throws(JSONError) -> JSONValue {
        switch token {
        case .string(let string): return .string(string)
        case .number(let number): return .number(number)
        case .bool(let bool): return .bool(bool)
        case .null: return .null
        case .beginArray:
            guard depth < maximumDepth else { throw tokenizer.errorAtToken(.nestingTooDeep(limit: maximumDepth)) }
            return try readArray(from: &tokenizer, depth: depth + 1)
        case .beginObject:
            guard depth < maximumDepth else { throw tokenizer.errorAtToken(.nestingTooDeep(limit: maximumDepth)) }
            return try readObject(from: &tokenizer, depth: depth + 1)
        case .endArray, .endObject, .nameSeparator, .valueSeparator, .endOfInput:
            throw tokenizer.unexpectedTokenError(expected: "a value")
        }
    }

    private mutating func readArray(from tokenizer: inout JSONTokenizer, depth: Int) throws(JSONError) -> JSONValue {
        var token = try tokenizer.next()
        if case .endArray = token { return .array([]) }
        let base = pendingElements.count
        while true {
            let element = try readValue(token, from: &tokenizer, depth: depth)
            pendingElements.append(element)
            switch try tokenizer.next() {
            case .valueSeparator: token = try tokenizer.next()
            case .endArray:
                let elements = Array(pendingElements[base...])
                pendingElements.removeSubrange(base...)
                return .array(elements)
            default: throw tokenizer.unexpectedTokenError(expected: "',' or ']'")
            }
        }
    }

    private mutating func readObject(from tokenizer: inout JSONTokenizer, depth: Int) throws(JSONError) -> JSONValue {
        var token = try tokenizer.next()
        if case .endObject = token { return .object(JSONObject()) }
        let base = pendingMembers.count
        while true {
            guard case .string(let key) = token else {
                let isFirst = pendingMembers.count == base
                throw tokenizer.unexpectedTokenError(expected: isFirst ? "a string key or '}'" : "a string key")
            }
            guard case .nameSeparator = try tokenizer.next() else {
                throw tokenizer.unexpectedTokenError(expected: "':'")
            }
            let value = try readValue(try tokenizer.next(), from: &tokenizer, depth: depth)
            pendingMembers.append(JSONObject.Member(key: key, value: value))
            switch try tokenizer.next() {
            case .valueSeparator: token = try tokenizer.next()
            case .endObject:
                let members = Array(pendingMembers[base...])
                pendingMembers.removeSubrange(base...)
                return .object(JSONObject(members))
            default: throw tokenizer.unexpectedTokenError(expected: "',' or '}'")
            }
        }
    }
}
