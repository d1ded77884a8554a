import Testing

@testable import JSONCodec

/// Every way a JSON text can be malformed is refused, at the right byte, for the right reason.
@Suite struct JSONParserRejectionTests {
    struct Malformed: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let offset: Int
        let reason: JSONError.Reason

        init(_ text: String, at offset: Int, _ reason: JSONError.Reason) {
            self.init(bytes: Array(text.utf8), at: offset, reason)
        }

        init(bytes: [UInt8], at offset: Int, _ reason: JSONError.Reason) {
            self.bytes = bytes
            self.offset = offset
            self.reason = reason
        }

        var testDescription: String {
            let text = String(decoding: bytes.prefix(40), as: UTF8.self)
            return "\(text.debugDescription) → \(reason)"
        }
    }

    private static func byte(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

    static let malformedDocuments: [Malformed] = [
        // Empty and unterminated.
        Malformed("", at: 0, .unexpectedEndOfInput),
        Malformed("   \n ", at: 5, .unexpectedEndOfInput),
        Malformed(#""abc"#, at: 4, .unexpectedEndOfInput),
        Malformed("[1, 2", at: 5, .unexpectedEndOfInput),
        Malformed(#"{"a":"#, at: 5, .unexpectedEndOfInput),
        Malformed(#"{"a""#, at: 4, .unexpectedEndOfInput),
        Malformed("tru", at: 3, .unexpectedEndOfInput),
        Malformed(#""\u12"#, at: 5, .unexpectedEndOfInput),
        Malformed(#""\"#, at: 2, .unexpectedEndOfInput),
        // Trailing commas and misplaced punctuation.
        Malformed("[1,]", at: 3, .unexpectedByte(byte("]"), expected: "a value")),
        Malformed(#"{"a":1,}"#, at: 7, .unexpectedByte(byte("}"), expected: "a string key")),
        Malformed("[1,,2]", at: 3, .unexpectedByte(byte(","), expected: "a value")),
        Malformed("[,1]", at: 1, .unexpectedByte(byte(","), expected: "a value")),
        Malformed("{,}", at: 1, .unexpectedByte(byte(","), expected: "a string key or '}'")),
        Malformed("{1:2}", at: 1, .unexpectedByte(byte("1"), expected: "a string key or '}'")),
        Malformed(#"{"a" 1}"#, at: 5, .unexpectedByte(byte("1"), expected: "':'")),
        Malformed(#"{"a":1,"b"}"#, at: 10, .unexpectedByte(byte("}"), expected: "':'")),
        Malformed("[1 2]", at: 3, .unexpectedByte(byte("2"), expected: "',' or ']'")),
        Malformed(#"{"a":1 "b":2}"#, at: 7, .unexpectedByte(byte("\""), expected: "',' or '}'")),
        Malformed("[1}", at: 2, .unexpectedByte(byte("}"), expected: "',' or ']'")),
        Malformed("]", at: 0, .unexpectedByte(byte("]"), expected: "a value")),
        // Numbers.
        Malformed("01", at: 0, .invalidNumber("leading zero")),
        Malformed("-01", at: 0, .invalidNumber("leading zero")),
        Malformed("[00]", at: 1, .invalidNumber("leading zero")),
        Malformed("1.", at: 0, .invalidNumber("missing digits after '.'")),
        Malformed("1.e5", at: 0, .invalidNumber("expected a digit after '.'")),
        Malformed("1e", at: 0, .invalidNumber("missing exponent digits")),
        Malformed("1e+", at: 0, .invalidNumber("missing exponent digits")),
        Malformed("[1ex]", at: 1, .invalidNumber("expected exponent digits")),
        Malformed("-", at: 0, .invalidNumber("missing digits after '-'")),
        Malformed("-a", at: 0, .invalidNumber("expected a digit after '-'")),
        Malformed(".5", at: 0, .unexpectedByte(byte("."), expected: nil)),
        Malformed("+1", at: 0, .unexpectedByte(byte("+"), expected: nil)),
        Malformed("[1.5x]", at: 4, .unexpectedByte(byte("x"), expected: nil)),
        Malformed("0x1F", at: 1, .trailingContent),
        Malformed("NaN", at: 0, .unexpectedByte(byte("N"), expected: nil)),
        Malformed("-Infinity", at: 0, .invalidNumber("expected a digit after '-'")),
        Malformed("1e400", at: 0, .numberOutOfRange),
        Malformed("[-1e309]", at: 1, .numberOutOfRange),
        // Literals.
        Malformed("trux", at: 0, .invalidLiteral),
        Malformed("nul!", at: 0, .invalidLiteral),
        Malformed("True", at: 0, .unexpectedByte(byte("T"), expected: nil)),
        Malformed("'a'", at: 0, .unexpectedByte(byte("'"), expected: nil)),
        // Strings: escapes, surrogates, control characters.
        Malformed(#""\x""#, at: 1, .invalidEscape(byte("x"))),
        Malformed(#""ab\'""#, at: 3, .invalidEscape(byte("'"))),
        Malformed(#""\u12G4""#, at: 1, .invalidUnicodeEscape),
        Malformed(#""\U0041""#, at: 1, .invalidEscape(byte("U"))),
        Malformed(#""\uD800""#, at: 1, .loneSurrogate(0xD800)),
        Malformed(#""x\uDBFFy""#, at: 2, .loneSurrogate(0xDBFF)),
        Malformed(#""\uD800\u0041""#, at: 1, .loneSurrogate(0xD800)),
        Malformed(#""\uD800\uD800""#, at: 1, .loneSurrogate(0xD800)),
        Malformed(#""\uDC00""#, at: 1, .loneSurrogate(0xDC00)),
        Malformed(#""\ud83d\ude00\ude00""#, at: 13, .loneSurrogate(0xDE00)),
        Malformed("\"a\u{01}b\"", at: 2, .controlCharacterInString(0x01)),
        Malformed("\"line\nbreak\"", at: 5, .controlCharacterInString(0x0A)),
        Malformed("\"tab\there\"", at: 4, .controlCharacterInString(0x09)),
        Malformed("\"é\u{1F}\"", at: 3, .controlCharacterInString(0x1F)),
        // Invalid UTF-8 inside strings, and any non-ASCII byte outside them.
        Malformed(bytes: [0x22, 0xC3, 0x28, 0x22], at: 1, .invalidUTF8),  // missing continuation
        Malformed(bytes: [0x22, 0xC0, 0x80, 0x22], at: 1, .invalidUTF8),  // overlong NUL
        Malformed(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], at: 1, .invalidUTF8),  // overlong '/'
        Malformed(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], at: 1, .invalidUTF8),  // encoded surrogate
        Malformed(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], at: 1, .invalidUTF8),  // above U+10FFFF
        Malformed(bytes: [0x22, 0x61, 0xF5, 0x22], at: 2, .invalidUTF8),
        Malformed(bytes: [0x22, 0x80, 0x22], at: 1, .invalidUTF8),  // stray continuation
        Malformed(bytes: [0x22, 0xE2, 0x82, 0x22], at: 1, .invalidUTF8),  // truncated €
        Malformed(bytes: [0x22, 0xFF, 0x22], at: 1, .invalidUTF8),
        Malformed(bytes: [0x22, 0xE2, 0x82], at: 3, .unexpectedEndOfInput),
        Malformed(bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], at: 0, .unexpectedByte(0xEF, expected: nil)),  // BOM
        Malformed(bytes: [0x5B, 0xC3, 0xA9, 0x5D], at: 1, .unexpectedByte(0xC3, expected: nil)),
        // Trailing garbage.
        Malformed(#"{"a":1} x"#, at: 8, .trailingContent),
        Malformed("[] []", at: 3, .trailingContent),
        Malformed("1 2", at: 2, .trailingContent),
        Malformed("null,", at: 4, .trailingContent),
        Malformed("{}}", at: 2, .trailingContent),
        Malformed("\"a\"\u{0}", at: 3, .trailingContent),
        Malformed("[]\u{FF}", at: 2, .trailingContent),
        // Not JSON at all.
        Malformed("// comment\n{}", at: 0, .unexpectedByte(byte("/"), expected: nil)),
        Malformed("{\"a\":1 /* c */}", at: 7, .unexpectedByte(byte("/"), expected: nil)),
        Malformed("\u{0B}[]", at: 0, .unexpectedByte(0x0B, expected: nil)),  // vertical tab is not whitespace
        Malformed("\u{A0}[]", at: 0, .unexpectedByte(0xC2, expected: nil)),  // nor is a no-break space
        // Deep nesting: the 65th level is refused at its bracket.
        Malformed(String(repeating: "[", count: 100), at: 64, .nestingTooDeep(limit: 64)),
        Malformed(String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
                  at: 64 * 5, .nestingTooDeep(limit: 64)),
    ]

    @Test(arguments: malformedDocuments)
    func refusesMalformedDocuments(document: Malformed) {
        #expect {
            try JSONParser.parse(document.bytes)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.offset == document.offset && error.reason == document.reason
        }
    }

    @Test func refusesAStackExhaustingDocumentQuickly() {
        let text = String(repeating: "[", count: 1_000_000)
        #expect(throws: JSONError(.nestingTooDeep(limit: 64), at: JSONPosition(offset: 64, line: 1, column: 65))) {
            try JSONParser.parse(text)
        }
    }
}
