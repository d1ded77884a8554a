extension CellIdentity {
    /// Why a text is not a cell identity.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text is not of the form `radio/mcc/mnc/area/cid`: `reason` names the field at fault.
        case malformed(reason: String)
        /// The form is right but a value is outside its radio's range (see
        /// `init(radio:mcc:mnc:area:cellID:)`).
        case invalid(Invalid)

        public var description: String {
            switch self {
            case .malformed(let reason): reason
            case .invalid(let invalid): invalid.reason
            }
        }
    }

    /// Parses `radio/mcc/mnc/area/cid`, e.g. `lte/262/2/44803/20714553` — the form
    /// `description` prints and `whereabouts db forget` takes.
    ///
    /// The radio is a name `RadioType(name:)` knows (`gsm`, `wcdma` or `umts`, `lte`, `nr` or
    /// `5g`, `cdma`; any case); the other four fields are decimal integers, checked against the
    /// radio's ranges.
    ///
    /// ```swift
    /// let cell = try CellIdentity(parsing: "lte/262/2/44803/20714553")   // cell.area == 44803
    /// ```
    /// - Parameter text: The cell, five fields separated by `/`.
    /// - Throws: `ParseError.malformed` when the text is not of that form,
    ///   `ParseError.invalid` when a value is out of range.
    public init(parsing text: some StringProtocol) throws(ParseError) {
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == 5 else {
            throw .malformed(reason: "\(fields.count) field\(fields.count == 1 ? "" : "s") where radio/mcc/mnc/area/cid has 5")
        }
        guard let radio = RadioType(name: fields[0]) else {
            throw .malformed(reason: "unknown radio '\(fields[0])' (gsm, wcdma, lte, nr or cdma)")
        }
        func number<Value: FixedWidthInteger>(_ index: Int, _ name: String, as type: Value.Type) throws(ParseError) -> Value {
            guard let value = Value(fields[index]) else {
                throw .malformed(reason: "\(name) '\(fields[index])' is not a number")
            }
            return value
        }
        let mcc = try number(1, "MCC", as: Int.self)
        let mnc = try number(2, "MNC", as: Int.self)
        let area = try number(3, radio.areaName, as: Int.self)
        let cellID = try number(4, "cell id", as: Int64.self)
        do {
            try self.init(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
        } catch {
            throw .invalid(error)
        }
    }
}
