import Foundation
import PositioningCore
import SurveyFormats

extension SurveyImporter {
    /// A row parser for `format`, built from the file's first records, with `pendingRecords` set
    /// to the records read so far that are rows.
    /// - Throws: `SurveyRowError` when the header is not that format's.
    func rowParser(for format: SurveyFormat, first: CSVRecord, second: CSVRecord?, records: [CSVRecord]) throws
        -> (CSVRecord) throws(SurveyRowError) -> SurveyRow
    {
        func headed<Parser>(_ make: (CSVRecord) throws(SurveyRowError) -> Parser) throws(SurveyRowError) -> Parser {
            let parser = try make(first)
            pendingRecords = Array(records.dropFirst())
            return parser
        }
        switch format {
        case .wigle:
            // The column header follows WiGLE's own first line, or is the first line.
            let headerFirst = WigleRowParser.isHeader(first)
            guard headerFirst || second != nil else {
                throw SurveyRowError(reason: "not a WiGLE header", detail: "WiGLE file without its column header on line 2")
            }
            var parser = try WigleRowParser(header: headerFirst ? first : second!)
            pendingRecords = Array(records.dropFirst(headerFirst ? 1 : 2))
            // The first rows tell which clock FirstSeen is in (an unknown-time marker).
            try readAhead(rows: 500)
            let preHeader = headerFirst ? nil : first
            let firstSeen = pendingRecords.compactMap(parser.firstSeenText)
            parser.localTimeZone = WigleClock.zone(preHeader: preHeader, firstSeen: firstSeen, given: options.timeZone)
            if WigleClock.assumesUTC(preHeader: preHeader, firstSeen: firstSeen, given: options.timeZone) {
                notes.append(WigleClock.assumedUTCNote)
            }
            parser.decodesOctalEscapes = !headerFirst && WigleClock.isKismet(first)
            return parser.parse
        case .opencellid:
            let hasHeader = OpenCellIDRowParser.isHeader(first)
            let parser = try OpenCellIDRowParser(header: hasHeader ? first : OpenCellIDRowParser.standardHeader)
            pendingRecords = hasHeader ? Array(records.dropFirst()) : records
            return parser.parse
        case .fingerprints: return try headed(FingerprintTableRowParser.init(header:)).parse
        case .aplist: return try headed(AccessPointListRowParser.init(header:)).parse
        case .scanlog:
            var parser = try headed(ScanLogRowParser.init(header:))
            parser.localTimeZone = options.timeZone
            return parser.parse
        case .neostumbler: return try headed(NeoStumblerRowParser.init(header:)).parse
        case .microg: return try headed(MicroGRowParser.init(header:)).parse
        case .lnb:
            guard LocalNLPRowParser.isPreamble(first), second != nil else {
                throw SurveyRowError(reason: "not a Local NLP Backend export", detail: "first line is not \"database v4\"")
            }
            pendingRecords = Array(records.dropFirst(2))  // the column header is fixed, as the backend reads it
            return LocalNLPRowParser().parse
        case .kismet:
            // A `.kismet` log itself is an SQLite database, read before; text is its device export.
            let parser = try KismetExportRowParser(header: first)
            pendingRecords = parser.hasHeader ? Array(records.dropFirst()) : records
            return parser.parse
        case .wigledb:
            throw SurveyRowError(reason: "not a database", detail: "a \(format.rawValue) file is an SQLite database, this one is text")
        case .geosubmit:
            preconditionFailure("geosubmit documents are recognised before the CSV reader")
        case .geonames:
            preconditionFailure("GeoNames files are refused before")
        }
    }
}
