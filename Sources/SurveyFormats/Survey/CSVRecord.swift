/// One CSV record (a row): its fields and the line it started on.
public struct CSVRecord: Hashable, Sendable {
    /// The 1-based physical line the record starts on (quoted newlines make records span lines).
    public var line: Int
    /// The fields, unquoted, with doubled quotes collapsed; a field that is not UTF-8 is read as Latin-1.
    public var fields: [String]
    /// Whether a quoted field never closed before the reader's length limit, so the record was
    /// cut at the next line end instead.
    public var hasUnterminatedQuote: Bool
    /// Whether the input ended inside this record, before its line end: the last line of a file
    /// cut short (or of one whose writer left the last line open, which no survey writer does).
    public var endsMidLine: Bool

    /// Creates a record.
    public init(line: Int, fields: [String], hasUnterminatedQuote: Bool = false, endsMidLine: Bool = false) {
        self.line = line
        self.fields = fields
        self.hasUnterminatedQuote = hasUnterminatedQuote
        self.endsMidLine = endsMidLine
    }

    /// The field at `index`, or nil when the record is shorter.
    public subscript(index: Int) -> String? {
        index < fields.count ? fields[index] : nil
    }

    /// Whether the line was empty (one empty field).
    public var isBlank: Bool {
        fields.count == 1 && fields[0].isEmpty
    }
}

extension CSVRecord {
    /// Refuses the last line of a file that ends without a line end. Every program that writes
    /// survey files (the WiGLE app, ESP32 and ESP8266 loggers, Kismet, NeoStumbler, microG, Local
    /// NLP Backend, OpenCellID's and Mozilla's exporters) ends each line it writes, so a file that
    /// stops mid-line was cut short — a copy or download broken off, a logger losing power — and
    /// its last row may be cut inside a value (`-33.85` read as `-33.8`) that would still parse.
    /// A wrong row is worse than a rejected one: it is rejected with its line, and a complete row
    /// of a file written by hand is stored once the line is ended.
    /// - Throws: `SurveyRowError` with ``SurveyRowError/endsMidLineReason``.
    public func requireLineEnd() throws(SurveyRowError) {
        guard endsMidLine else { return }
        throw SurveyRowError.endsMidLine
    }

    /// Refuses a record a row parser cannot read at all: one whose quoted field never closed, or
    /// one with fewer than `minimumFieldCount` fields (what its header needs).
    /// - Throws: `SurveyRowError` with the unterminated-quote or too-few-fields reason.
    func requireFields(_ minimumFieldCount: Int) throws(SurveyRowError) {
        if hasUnterminatedQuote {
            throw SurveyRowError(reason: SurveyRowError.unterminatedQuoteReason, detail: "a quoted field never closes")
        }
        guard fields.count >= minimumFieldCount else {
            throw SurveyRowError(reason: SurveyRowError.tooFewFieldsReason,
                                 detail: "\(fields.count) fields, header needs \(minimumFieldCount)")
        }
    }
}
