import Testing

@testable import JSONCodec

@Suite struct JSONTokenizerTests {
    private func tokens(
        of text: String, startingAt origin: JSONPosition = .start, isEndOfInput: Bool = true
    ) throws(JSONError) -> [JSONTokenizer.Token] {
        try JSONTokenizer.withTokenizer(over: text.utf8, startingAt: origin, isEndOfInput: isEndOfInput) {
            (tokenizer: inout JSONTokenizer) throws(JSONError) -> [JSONTokenizer.Token] in
            var tokens: [JSONTokenizer.Token] = []
            while true {
                let token = try tokenizer.next()
                if case .endOfInput = token { return tokens }
                tokens.append(token)
            }
        }
    }

    @Test func splitsTextIntoTokensWithoutCheckingTheGrammar() throws {
        #expect(try tokens(of: #"{"a":[1,true,null]}"#) == [
            .beginObject, .string("a"), .nameSeparator, .beginArray, .number(1), .valueSeparator,
            .bool(true), .valueSeparator, .null, .endArray, .endObject,
        ])
        // The grammar belongs to the caller: a tokenizer happily reads `] : {`.
        #expect(try tokens(of: "] : {") == [.endArray, .nameSeparator, .beginObject])
    }

    @Test func reportsWhereEachTokenStarts() throws {
        let positions = JSONTokenizer.withTokenizer(over: "[\n  1,\n\t\"x\"]".utf8) {
            (tokenizer: inout JSONTokenizer) -> [JSONPosition] in
            var positions: [JSONPosition] = []
            while let token = try? tokenizer.next(), token != .endOfInput {
                positions.append(tokenizer.tokenPosition)
            }
            return positions
        }
        #expect(positions == [
            JSONPosition(offset: 0, line: 1, column: 1),
            JSONPosition(offset: 4, line: 2, column: 3),
            JSONPosition(offset: 5, line: 2, column: 4),
            JSONPosition(offset: 8, line: 3, column: 2),
            JSONPosition(offset: 11, line: 3, column: 5),
        ])
    }

    @Test func asksForMoreInputWhenAChunkEndsInsideAToken() {
        let outcome = JSONTokenizer.withTokenizer(over: #"[12, "ab"#.utf8, isEndOfInput: false) {
            (tokenizer: inout JSONTokenizer) -> (tokens: [JSONTokenizer.Token], error: JSONError?, resumeAt: JSONPosition) in
            var tokens: [JSONTokenizer.Token] = []
            do throws(JSONError) {
                while true { tokens.append(try tokenizer.next()) }
            } catch {
                return (tokens, error, tokenizer.tokenPosition)
            }
        }
        #expect(outcome.tokens == [.beginArray, .number(12), .valueSeparator])
        #expect(outcome.error?.reason == .unexpectedEndOfInput)
        #expect(outcome.resumeAt.offset == 5)
    }

    @Test func aNumberAtTheEndOfAChunkMayGoOn() {
        #expect(throws: JSONError(.unexpectedEndOfInput, at: JSONPosition(offset: 3, line: 1, column: 4))) {
            try tokens(of: "[12", isEndOfInput: false)
        }
        #expect(throws: JSONError(.unexpectedEndOfInput, at: JSONPosition(offset: 1, line: 1, column: 2))) {
            try tokens(of: "[", isEndOfInput: false)
        }
    }

    @Test func continuesPositionsFromAnEarlierChunk() {
        let origin = JSONPosition(offset: 1000, line: 7, column: 10)
        #expect(throws: JSONError(.invalidLiteral, at: JSONPosition(offset: 1002, line: 7, column: 12))) {
            try tokens(of: ", nope", startingAt: origin)
        }
        #expect(throws: JSONError(.invalidLiteral, at: JSONPosition(offset: 1003, line: 8, column: 2))) {
            try tokens(of: ",\n nope", startingAt: origin)
        }
    }
}

@Suite struct JSONTokenizerSkippingTests {
    private func skip(_ text: String, maximumDepth: Int = 64) throws(JSONError) -> JSONTokenizer.Token {
        try JSONTokenizer.withTokenizer(over: text.utf8) { (tokenizer: inout JSONTokenizer) throws(JSONError) -> JSONTokenizer.Token in
            try tokenizer.skipValue(startingWith: try tokenizer.next(), depth: 0, maximumDepth: maximumDepth)
            return try tokenizer.next()
        }
    }

    @Test(arguments: [#"{"a":[1,{"b":null}],"c":"d"} ,"#, "[] ,", #""s" ,"#, "[[],{}] ,"])
    func passesOverAWholeValue(text: String) throws {
        #expect(try skip(text) == .valueSeparator)
    }

    @Test(arguments: [
        ("[1,]", JSONError.Reason.unexpectedByte(UInt8(ascii: "]"), expected: "a value"), 3),
        (#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"), expected: "':'"), 5),
        ("{1:2}", .unexpectedByte(UInt8(ascii: "1"), expected: "a string key or '}'"), 1),
        (#"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}"), expected: "a string key"), 7),
        ("[1}", .unexpectedByte(UInt8(ascii: "}"), expected: "',' or ']'"), 2),
        ("[[[", .nestingTooDeep(limit: 2), 2),
    ])
    func checksTheGrammarLikeTheParser(text: String, reason: JSONError.Reason, offset: Int) {
        #expect {
            try skip(text, maximumDepth: 2)
        } throws: { error in
            (error as? JSONError)?.reason == reason && (error as? JSONError)?.offset == offset
        }
        #expect {
            try JSONParser.parse(text, maximumDepth: 2)
        } throws: { error in
            (error as? JSONError)?.reason == reason && (error as? JSONError)?.offset == offset
        }
    }
}
