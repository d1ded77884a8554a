/// One CSV record (a row): its fields and the line it started on.
public struct CSVRecord: Hashable, Sendable {
    /// The 1-based physical line the record starts on (quoted newlines make records span lines).
    public var line: Int
    /// The fields, unquoted, with doubled quotes collapsed; a field that is not UTF-8 is read as Latin-1.
    public var fields: [String]
    /// Whether a quoted field never closed before the reader's length limit, so the record was
    /// cut at the next line end instead.
    public var hasUnterminatedQuote: Bool

    /// Creates a record.
    public init(line: Int, fields: [String], hasUnterminatedQuote: Bool = false) {
        self.line = line
        self.fields = fields
        self.hasUnterminatedQuote = hasUnterminatedQuote
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
