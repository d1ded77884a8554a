import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

/// OpenCellID rows read straight from bytes (`parsePlainLine`, the import's fast path) give
/// exactly the row the record parser gives, or leave the line to it.
@Suite struct OpenCellIDPlainLineTests {
    static let parser = try! OpenCellIDRowParser(header: OpenCellIDRowParser.standardHeader)

    /// Both readings of `line`: the plain one (nil when it declines) and the record parser's.
    static func readings(_ line: String, parser: OpenCellIDRowParser = parser)
        -> (plain: SurveyRow?, record: Result<SurveyRow, SurveyRowError>)
    {
        var reader = CSVRecordReader()
        reader.append(Array((line + "\n").utf8))
        reader.finish()
        let record = reader.nextRecord()!
        let bytes = Array(line.utf8)
        let plain = bytes.withUnsafeBufferPointer { parser.parsePlainLine($0) }
        return (plain, Result { () throws(SurveyRowError) in try parser.parse(record) })
    }

    @Test(arguments: [
        "GSM,255,1,12605,6251,0,34.548971,49.58356,1000,41,1,1459755064,1485942246,0",
        "UMTS,262,2,801,86355,0,13.285512,52.522202,1000,7,1,1282569574,1300155341,0",
        "LTE,262,1,45711,22216966,,8.60,50.1,0,1,1,0,0,",
        "NR,310,410,1,6000000001,0,-122.4194,37.7749,5000,12,1,1600000000,1700000000,-95",
        "gsm,1,1,1,7000,0,-0.1246,51.5007,,,,,,",
        "LTE,262,1,45711,22216966,0,8.6,50.1,250.5,3.7,1,1459755064.5,1485942246,0",
        "GSM,255,1,12605,6251,0,34.548971,49.58356,1000,41,1",  // 11 fields: the optional ones absent
    ])
    func aGoodPlainRowIsTheSameRowBothWays(_ line: String) throws {
        let (plain, record) = Self.readings(line)
        let expected = try record.get()
        #expect(plain == expected)
    }

    /// Lines outside the plain shape, or bad rows: the plain reading declines, so the record
    /// parser gives the row or its rejection, as it did before the plain path existed.
    @Test(arguments: [
        "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal",
        "\"GSM\",255,1,12605,6251,0,34.548971,49.58356,1000,41,1,1459755064,1485942246,0",
        "GSM,+255,1,12605,6251,0,34.548971,49.58356,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,3.4548971e1,49.58356,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0, 34.548971,49.58356,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,34.,49.58356,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,34.5,49.5,1e3,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,34.5,49.5,inf,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,200.5,49.5,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,0,0,1000,41,1,1459755064,1485942246,0",
        "GSM,2555,1,12605,6251,0,34.5,49.5,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,99999999999999999999,0,34.5,49.5,1000,41,1,1459755064,1485942246,0",
        "WIMAX,255,1,12605,6251,0,34.5,49.5,1000,41,1,1459755064,1485942246,0",
        "GSM,255,1,12605,6251,0,34.5",
        "GSM,255,1,12605,6251,0,34.5,49.5,1000,41,1,1459755064,1485942246,0,1,2,3,4,5",
        "GSM,255,1,12605,6251,0,34.5,49.5,1000,41,1,1459755064,1485942246,Caf\u{E9}",
        "",
    ])
    func aLineOutsideThePlainShapeIsLeftToTheRecordParser(_ line: String) {
        let (plain, record) = Self.readings(line)
        #expect(plain == nil || plain == (try? record.get()))
        if case .failure = record { #expect(plain == nil) }
    }

    /// Random rows in and out of the shape, against the record parser, with another column order.
    @Test func randomRowsReadBothWaysAgree() throws {
        let header = try OpenCellIDRowParser(header: CSVRecord(line: 1, fields: [
            "mcc", "net", "radio", "lat", "lon", "area", "cell", "range", "samples", "created", "updated"]))
        var generator = SystemRandomNumberGenerator()
        let numbers = ["0", "-0", "1", "-1", "262", "65535", "268435455", "1.5", "-33.85", "90", "-180.000001", "12a",
                       "", "1e2", "007", "52.5200066", "13.404954", "-91", "0.0000001"]
        let radios = ["GSM", "UMTS", "LTE", "NR", "lte", "CDMA", "radio", "Wifi"]
        var taken = 0
        for _ in 0..<20_000 {
            var fields = (0..<11).map { _ in numbers.randomElement(using: &generator)! }
            fields[2] = radios.randomElement(using: &generator)!
            let line = fields.prefix(Int.random(in: 7...11, using: &generator)).joined(separator: ",")
            let (plain, record) = Self.readings(line, parser: header)
            switch record {
            case .success(let row):
                #expect(plain == nil || plain == row, "\(line)")
                if plain != nil { taken += 1 }
            case .failure:
                #expect(plain == nil, "\(line)")
            }
        }
        #expect(taken > 10)
    }
}
