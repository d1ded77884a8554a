extension JSONTokenizer {
    /// Reads past the value that starts with `token`, checking its grammar but building
    /// nothing: how a reader that walks a document token by token passes over fields it does
    /// not know.
    ///
    /// - Parameters:
    ///   - token: the value's first token, just returned by `next()`.
    ///   - depth: how many arrays and objects enclose the value.
    ///   - maximumDepth: the nesting limit, as in `JSONParser.parse(_:maximumDepth:)`.
    /// - Throws: `JSONError` when the value is malformed or nested too deeply.
    public mutating func skipValue(
        startingWith token: Token, depth: Int, maximumDepth: Int = JSONParser.defaultMaximumDepth
    ) throws(JSONError) {
        let isObject: Bool
        switch token {
        case .string, .number, .bool, .null: return
        case .beginArray: isObject = false
        case .beginObject: isObject = true
        case .endArray, .endObject, .nameSeparator, .valueSeparator, .endOfInput:
            throw unexpectedTokenError(expected: "a value")
        }
        guard depth < maximumDepth else { throw errorAtToken(.nestingTooDeep(limit: maximumDepth)) }
        var next = try self.next()
        if next == (isObject ? .endObject : .endArray) { return }
        var isFirst = true
        while true {
            if isObject {
                guard case .string = next else {
                    throw unexpectedTokenError(expected: isFirst ? "a string key or '}'" : "a string key")
                }
                guard case .nameSeparator = try self.next() else { throw unexpectedTokenError(expected: "':'") }
                next = try self.next()
            }
            try skipValue(startingWith: next, depth: depth + 1, maximumDepth: maximumDepth)
            isFirst = false
            switch try self.next() {
            case .valueSeparator: next = try self.next()
            case .endObject where isObject, .endArray where !isObject: return
            default: throw unexpectedTokenError(expected: isObject ? "',' or '}'" : "',' or ']'")
            }
        }
    }

    /// Whether only whitespace is left; skips it.
    public mutating func isAtEndOfInput() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }
}
