import Foundation
import Testing
import TestSupport

@testable import JSONCodec

@Suite struct JSONParserTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: JSONValue
        var testDescription: String { text }
    }

    static let validDocuments: [Valid] = [
        Valid(text: "null", expected: nil),
        Valid(text: "true", expected: true),
        Valid(text: " \t\r\n false \n", expected: false),
        Valid(text: "0", expected: 0),
        Valid(text: "-0", expected: 0),
        Valid(text: "42", expected: 42),
        Valid(text: "-1.5", expected: -1.5),
        Valid(text: "-12.25e2", expected: -1225),
        Valid(text: "1E+2", expected: 100),
        Valid(text: "1e-2", expected: 0.01),
        Valid(text: "0.1", expected: 0.1),
        Valid(text: "0.000001234", expected: 0.000001234),
        Valid(text: "9007199254740991", expected: .number(9_007_199_254_740_991)),
        Valid(text: "68719476735", expected: .number(68_719_476_735)),  // largest NR cell id
        Valid(text: "123456789012345678901234567890", expected: .number(1.2345678901234568e29)),
        Valid(text: "1.7976931348623157e308", expected: .number(1.7976931348623157e308)),
        Valid(text: "2.2250738585072014e-308", expected: .number(2.2250738585072014e-308)),
        Valid(text: "5e-324", expected: .number(.leastNonzeroMagnitude)),
        Valid(text: "1e-400", expected: 0),
        Valid(text: "0e999", expected: 0),
        Valid(text: #""""#, expected: ""),
        Valid(text: #""plain ascii""#, expected: "plain ascii"),
        Valid(text: #""Café Müller""#, expected: "Café Müller"),
        Valid(text: #""日本語""#, expected: "日本語"),
        Valid(text: #""😀""#, expected: "😀"),
        Valid(text: #""\u00e9\u00E9""#, expected: "éé"),
        Valid(text: #""\ud83d\ude00!""#, expected: "😀!"),
        Valid(text: #""\uDBFF\uDFFF""#, expected: "\u{10FFFF}"),
        Valid(text: #""\"\\\/\b\f\n\r\t""#, expected: "\"\\/\u{08}\u{0C}\n\r\t"),
        Valid(text: #""a\u0000b""#, expected: "a\u{0}b"),
        Valid(text: "[]", expected: []),
        Valid(text: "{}", expected: [:]),
        Valid(text: "[1,[2,[3,[]]]]", expected: [1, [2, [3, []]]]),
        Valid(text: #" { "b" : 1 , "a" : [ true , null ] } "#, expected: ["b": 1, "a": [true, nil]]),
        Valid(text: #"{"":{"":""}}"#, expected: ["": ["": ""]]),
    ]

    @Test(arguments: validDocuments)
    func parsesValidDocuments(document: Valid) throws {
        #expect(try JSONParser.parse(document.text) == document.expected)
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        let value = try #require(try JSONParser.parse("-0.0").doubleValue)
        #expect(value == 0 && value.sign == .minus)
    }

    @Test func keepsMemberOrderAndReadsTheLastDuplicate() throws {
        let object = try #require(try JSONParser.parse(#"{"z":1,"a":2,"m":3,"a":4}"#).objectValue)
        #expect(object.keys == ["z", "a", "m", "a"])
        #expect(object["a"] == 4)
    }

    @Test func integersAreExactUpTo2To53() throws {
        #expect(try JSONParser.parse("9007199254740992").integerValue == 9_007_199_254_740_992)
        #expect(try JSONParser.parse("-9007199254740992").integerValue == -9_007_199_254_740_992)
        #expect(try JSONParser.parse("1.5").integerValue == nil)
        #expect(try JSONParser.parse("1e300").integerValue == nil)
    }

    @Test func numbersMatchTheStandardLibraryConversion() throws {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<5000 {
            let exponent = Int.random(in: -30...30, using: &generator)
            let value = Double.random(in: -1000...1000, using: &generator) * pow(10, Double(exponent))
            for text in [value.description, String(format: "%.7f", value), String(format: "%.17e", value)] {
                #expect(try JSONParser.parse(text).doubleValue == Double(text), "\(text)")
            }
        }
    }

    @Test func readsRawBuffersAndNonContiguousCollections() throws {
        let bytes = Array(#"{"a":[1,2]}"#.utf8)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(JSONError) in try JSONParser.parse(buffer) }
        #expect(fromBuffer == ["a": [1, 2]])
        #expect(try JSONParser.parse(bytes.lazy.map { $0 }) == ["a": [1, 2]])
        #expect(try JSONParser.parse(Data(bytes)) == ["a": [1, 2]])
    }

    @Test func allowsNestingUpToTheLimit() throws {
        let depth = JSONParser.defaultMaximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONParser.parse(text)[0] != nil)
        #expect(throws: JSONError.self) { try JSONParser.parse("[[[]]]", maximumDepth: 2) }
    }

    @Test func reportsLineAndColumn() {
        let text = "{\n  \"a\": tru\n}"
        #expect(throws: JSONError(.invalidLiteral, at: JSONPosition(offset: 9, line: 2, column: 8))) {
            try JSONParser.parse(text)
        }
        let error = JSONError(.invalidLiteral, at: JSONPosition(offset: 9, line: 2, column: 8))
        #expect(error.description == "line 2, column 8 (byte 9): invalid literal (expected true, false or null)")
    }
}
