import Foundation
import Testing
import TestSupport

@testable import WorldSimulator

@Suite struct BufferedFileWriterTests {
    /// Runs `body` against a writer and returns what it wrote.
    private func written(_ body: (BufferedFileWriter) throws -> Void) throws -> String {
        let directory = TemporaryDirectory("buffered-writer")
        let path = directory.path("out.txt")
        let writer = try BufferedFileWriter(path: path)
        try body(writer)
        try writer.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test(arguments: [
        (0.0, 3, "0.000"), (-16.5, 7, "-16.5000000"), (179.99999999, 7, "180.0000000"),
        (-0.00000001, 7, "0.0000000"), (52.123456789, 6, "52.123457"), (-92.0, 0, "-92"),
    ])
    func formatsDecimals(value: Double, places: Int, expected: String) throws {
        #expect(try written { $0.write(decimal: value, places: places) } == expected)
    }

    @Test(arguments: [(Int64(0), "0"), (-7, "-7"), (1_000_000, "1000000"), (Int64.min, "-9223372036854775808")])
    func formatsIntegers(value: Int64, expected: String) throws {
        #expect(try written { $0.write(integer: value) } == expected)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01 00:00:00"), (1_740_960_000, "2025-03-03 00:00:00"),
        (951_825_599, "2000-02-29 11:59:59"), (-1, "1969-12-31 23:59:59"),
    ])
    func formatsWiGLETimestamps(seconds: Int64, expected: String) throws {
        #expect(try written { $0.write(timestamp: seconds) } == expected)
    }

    @Test func quotesCSVFieldsOnlyWhenNeeded() throws {
        let text = try written { writer in
            writer.write(csvField: "plain")
            writer.write(byte: UInt8(ascii: "|"))
            writer.write(csvField: "Home, sweet \"Home\"")
        }
        #expect(text == "plain|\"Home, sweet \"\"Home\"\"\"")
    }

    @Test func escapesJSONStrings() throws {
        #expect(try written { $0.write(jsonString: "a\"b\\c\nd") } == "\"a\\\"b\\\\c\\u000ad\"")
    }

    @Test func writesMACAddressesInLowerCase() throws {
        #expect(try written { $0.write(macAddress: 0x3CA6_2F0A_0B0C) } == "3c:a6:2f:0a:0b:0c")
    }

    @Test func largeOutputsSurviveManyFlushes() throws {
        let text = try written { writer in
            for index in 0..<100_000 {
                writer.write(integer: index)
                try writer.endLine()
            }
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 100_000 && lines.last == "99999")
    }
}
