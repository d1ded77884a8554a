/// Why one survey row was rejected.
///
/// `reason` is a short, stable category used to count rejections ("invalid coordinate");
/// `detail` says what exactly was wrong, for people ("latitude 95.2 outside −90…90").
public struct SurveyRowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rejection category, e.g. `opted out` or `invalid coordinate`.
    public var reason: String
    /// The column at fault, by header name, when one is.
    public var column: String?
    /// A one-line explanation naming the offending value.
    public var detail: String

    /// Creates a rejection.
    public init(reason: String, column: String? = nil, detail: String? = nil) {
        self.reason = reason
        self.column = column
        self.detail = detail ?? reason
    }

    public var description: String { detail }

    /// The network asked not to be mapped (`_nomap`, `_optout`).
    public static let optedOutReason = "opted out"
    /// A Bluetooth device, which the radio map does not hold.
    public static let bluetoothReason = "Bluetooth device"
    /// Latitude/longitude missing, out of range, not finite, or (0, 0).
    public static let invalidCoordinateReason = "invalid coordinate"
    /// The row has fewer fields than the header needs.
    public static let tooFewFieldsReason = "too few fields"
    /// The header line again, mid-file (files concatenated with `cat`).
    public static let repeatedHeaderReason = "repeated header"
    /// A quoted field never closed.
    public static let unterminatedQuoteReason = "unterminated quote"
    /// The file ends inside this line: it was cut short (see `CSVRecord.requireLineEnd()`).
    public static let endsMidLineReason = "the file ends mid-line"

    /// The rejection of a file's last line when the file ends before that line does.
    public static let endsMidLine = SurveyRowError(
        reason: endsMidLineReason,
        detail: "the file ends mid-line (truncated?): its last row may be cut inside a value; end the line if the row is whole")
}
