import Foundation
import Testing
import TestSupport

@testable import JSONCodec

@Suite struct JSONWriterTests {
    private func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return writer.string
    }

    @Test func writesCompactJSONInTheOrderGiven() {
        let text = written { writer in
            writer.beginObject()
            writer.writeKey("z")
            writer.write(1)
            writer.writeKey("a")
            writer.beginArray()
            writer.write(true)
            writer.writeNull()
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.endArray()
            writer.write("s")
            writer.endArray()
            writer.endObject()
        }
        #expect(text == #"{"z":1,"a":[true,null,{},[],"s"]}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
        ("slash / stays", #""slash / stays""#),
        ("Café 日本 😀", #""Café 日本 😀""#),
        ("\u{7F}\u{2028}", "\"\u{7F}\u{2028}\""),
    ])
    func escapesStrings(string: String, expected: String) {
        #expect(written { $0.write(string) } == expected)
    }

    @Test func unescapedStringsGoStraightIntoTheBufferAsMembersAndElements() {
        let text = written { writer in
            writer.beginObject()
            writer.writeKey("macAddress")
            writer.writeUnescapedString { $0.append(contentsOf: "aa:bb:cc:dd:ee:ff".utf8) }
            writer.writeKey("ids")
            writer.beginArray()
            writer.writeUnescapedString { $0.append(contentsOf: "262-1".utf8) }
            writer.writeUnescapedString { _ in }
            writer.endArray()
            writer.endObject()
        }
        #expect(text == #"{"macAddress":"aa:bb:cc:dd:ee:ff","ids":["262-1",""]}"#)
    }

    @Test(arguments: [
        (0.1 + 0.2, nil, "0.30000000000000004"),
        (0.1 + 0.2, 1, "0.3"),
        (52.520006599999, 7, "52.5200066"),
        (13.404954, 7, "13.404954"),
        (-122.0840575, 7, "-122.0840575"),
        (25, 1, "25.0"),
        (25.04, 1, "25.0"),
        (25.06, 1, "25.1"),
        (0.41, 3, "0.41"),
        (-0.00000001, 7, "0.0"),
        (-0.0, 1, "0.0"),
        (2.5, 0, "3"),
        (1e300, 7, "1e+300"),
        (3, nil, "3"),
        (-17, nil, "-17"),
        (-0.0, nil, "-0"),
        (0.1, nil, "0.1"),
        (1e-7, nil, "1e-07"),
        (1e21, nil, "1e+21"),
        (Double(sign: .plus, exponent: 53, significand: 1), nil, "9007199254740992"),
        (1e18, nil, "1000000000000000000"),
        (1e19, nil, "1e+19"),
        (68_719_476_735, nil, "68719476735"),
        (Double.nan, nil, "null"),
        (Double.infinity, 7, "null"),
        (-Double.infinity, nil, "null"),
    ] as [(Double, Int?, String)])
    func formatsNumbersWithoutNoise(number: Double, decimals: Int?, expected: String) {
        #expect(written { $0.write(number, decimals: decimals) } == expected)
    }

    @Test func writesIntegersExactly() {
        #expect(written { $0.write(Int.min) } == "-9223372036854775808")
        #expect(written { $0.write(Int.max) } == "9223372036854775807")
        #expect(written { $0.write(0) } == "0")
    }

    @Test func writesAnAbsentNumberOrRangeAsNull() {
        let absent: Double? = nil, present: Double? = 2.345
        let noRange: ClosedRange<Double>? = nil
        #expect(written { $0.write(absent, decimals: 1) } == "null")
        #expect(written { $0.write(present, decimals: 1) } == "2.3")
        #expect(written { $0.write(noRange, decimals: 1) } == "null")
        #expect(written { $0.write(0.25...0.75, decimals: 1) } == "[0.3,0.8]")
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (1_764_420_649.5, "2025-11-29T12:50:49.500Z"),
        (951_782_400, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.000Z"),
    ])
    func writesDatesAsISO8601(seconds: Double, expected: String) {
        #expect(written { $0.write(Date(timeIntervalSince1970: seconds)) } == "\"\(expected)\"")
    }

    @Test func roundTripsThroughTheParser() throws {
        var generator = SplitMix64(seed: 53)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let text = JSONWriter.encode(value)
            #expect(try JSONParser.parse(text) == value, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func roundTripsRealDocumentsByteForByte() throws {
        let compact = #"{"considerIp":false,"wifiAccessPoints":[{"macAddress":"01:23:45:67:89:ab","signalStrength":-51,"ssid":"Café \"Ü\"\n"}],"x":[1.5,-0.25,1e-07,null,true,{}]}"#
        #expect(String(decoding: JSONWriter.encode(try JSONParser.parse(compact)), as: UTF8.self) == compact)
    }

    private static func randomValue(depth: Int, using generator: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth < 4 ? 8 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1 << 53...1 << 53, using: &generator)))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &generator) * pow(10, Double(Int.random(in: -300...300, using: &generator))))
        case 4: return .string(randomString(using: &generator))
        case 5, 6:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            return .object(JSONObject((0..<Int.random(in: 0...4, using: &generator)).map { _ in
                JSONObject.Member(key: randomString(using: &generator), value: randomValue(depth: depth + 1, using: &generator))
            }))
        }
    }

    private static func randomString(using generator: inout SplitMix64) -> String {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "日", "😀", "\u{FFFF}", "\u{10FFFF}"]
        var string = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            string.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
        }
        return string
    }
}
