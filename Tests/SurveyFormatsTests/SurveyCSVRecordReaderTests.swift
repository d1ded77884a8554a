import Testing

@testable import SurveyFormats

@Suite struct SurveyCSVRecordReaderTests {
    /// Feeds `text` in chunks of `chunkSize` bytes and collects every record.
    static func records(_ bytes: [UInt8], chunkSize: Int = 3) -> [CSVRecord] {
        var reader = CSVRecordReader()
        var records: [CSVRecord] = []
        var index = 0
        while index < bytes.count {
            reader.append(bytes[index..<min(index + chunkSize, bytes.count)])
            index += chunkSize
            while let record = reader.nextRecord() { records.append(record) }
        }
        reader.finish()
        while let record = reader.nextRecord() { records.append(record) }
        return records
    }

    static func records(_ text: String, chunkSize: Int = 3) -> [CSVRecord] {
        records(Array(text.utf8), chunkSize: chunkSize)
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func quotedFieldsCommasAndDoubledQuotesAcrossChunkBoundaries(chunkSize: Int) {
        let records = Self.records("a,\"b, \"\"c\"\"\",d\r\n\"\",x\n", chunkSize: chunkSize)
        #expect(records.map(\.fields) == [["a", "b, \"c\"", "d"], ["", "x"]])
        #expect(records.map(\.line) == [1, 2])
    }

    @Test func byteOrderMarkIsDroppedAndLastLineNeedsNoNewline() {
        let records = Self.records([0xEF, 0xBB, 0xBF] + Array("h1,h2\n1,2".utf8))
        #expect(records.map(\.fields) == [["h1", "h2"], ["1", "2"]])
    }

    /// Only a record the input stops inside says so; a CRLF line cut between its two bytes is whole.
    @Test(arguments: [
        ("h\n1,-33.85\n", [false, false]), ("h\r\n1,-33.85\r\n", [false, false]),
        ("h\n1,-33.8", [false, true]), ("h\r\n1,-33.85\r", [false, false]), ("h\n\"1,-33", [false, true]),
    ])
    func aRecordTheInputEndsInsideIsMarked(text: String, endsMidLine: [Bool]) {
        for chunkSize in [1, 4, 1000] {
            #expect(Self.records(text, chunkSize: chunkSize).map(\.endsMidLine) == endsMidLine, "\(chunkSize)")
        }
        #expect(Self.records("h\r\n1,-33.85\r").last?.fields == ["1", "-33.85"])
    }

    @Test func quotedNewlineKeepsLineNumbersPhysical() {
        let records = Self.records("\"two\nlines\",x\nnext\n")
        #expect(records.map(\.fields) == [["two\nlines", "x"], ["next"]])
        #expect(records.map(\.line) == [1, 3])
    }

    @Test func fieldsThatAreNotUTF8AreReadAsLatin1() {
        // WiGLE 2.48 writes SSIDs in Latin-1: "Café" as 43 61 66 E9; UTF-8 fields stay UTF-8.
        let records = Self.records(Array("Caf".utf8) + [0xE9] + Array(",Café,\"".utf8) + [0xC5] + Array("se\"\n".utf8))
        #expect(records.first?.fields == ["Café", "Café", "Åse"])
    }

    @Test func blankLinesAreBlankRecords() {
        let records = Self.records("a\n\nb\n")
        #expect(records.map(\.isBlank) == [false, true, false])
    }

    @Test func unterminatedQuoteEndsAtTheLengthLimit() {
        var reader = CSVRecordReader(maximumRecordLength: 16)
        reader.append(Array("\"never closed\nmore text here\nand more\nlast,row\n".utf8))
        reader.finish()
        let first = reader.nextRecord()
        #expect(first?.hasUnterminatedQuote == true)
        #expect(first?.line == 1)
        #expect(reader.nextRecord()?.fields == ["and more"])
        #expect(reader.nextRecord()?.fields == ["last", "row"])
    }
}
