import PositioningCore

/// What a WiGLE column holds, to tell a row whose fields line up with the header from one
/// shifted by an unquoted comma.
enum WigleColumnKind: Sendable {
    /// `MAC`: a BSSID or a cell key (`MCCMNC_LAC_CID`).
    case key
    /// `AuthMode`: empty, `[WPA2_PSK][ESS]`, a cell's `LTE;ar`, or one bare word (`UNKNOWN`).
    case authMode
    /// `FirstSeen`: digits and date/time separators.
    case time
    /// `Channel`, `Frequency`, `MfgrId`: an integer or empty.
    case integer
    /// `RSSI`, positions, altitude, accuracy: a number or empty.
    case number
    /// `Type`: empty or a WiGLE radio name.
    case type
    /// Free text (`SSID`) or a column WiGLE does not define.
    case text

    init(name: String) {
        switch name {
        case "MAC": self = .key
        case "AuthMode": self = .authMode
        case "FirstSeen": self = .time
        case "Channel", "Frequency", "MfgrId": self = .integer
        case "RSSI", "CurrentLatitude", "CurrentLongitude", "Latitude", "Longitude", "AltitudeMeters",
            "AccuracyMeters":
            self = .number
        case "Type": self = .type
        default: self = .text
        }
    }

    /// Whether `field` can be a value of this column.
    func admits(_ field: String) -> Bool {
        switch self {
        case .text: return true
        case .key:
            return BSSID(field) != nil
                || (!field.isEmpty && field.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (48...57).contains($0) })
        case .authMode:
            if field.isEmpty { return true }
            if field.hasPrefix("[") && field.hasSuffix("]") { return true }
            return field.utf8.allSatisfy { byte in
                byte == UInt8(ascii: ";") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            }
        case .time:
            if field.isEmpty { return true }
            let separators = Array("-/: .T".utf8)
            return field.utf8.first.map { (48...57).contains($0) } == true
                && field.utf8.allSatisfy { (48...57).contains($0) || separators.contains($0) }
                && field.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") }
        case .integer: return field.isEmpty || Int64(field) != nil
        case .number: return field.isEmpty || Double(field)?.isFinite == true
        case .type:
            return field.isEmpty || ["WIFI", "BT", "BLE", "GSM", "WCDMA", "LTE", "NR", "CDMA"].contains(field)
        }
    }
}

extension WigleRowParser {
    /// The row `record` was before unquoted commas split one of its fields, or a rejection.
    ///
    /// Bruce 1.9.1 writes `…,Dit is niet jouw Wi-Fi, vriend!,[WPA2_PSK],…`: one field too many,
    /// so every column after the SSID would shift (the RSSI read as latitude). Each way of
    /// putting the extra fields back into one column (or of ignoring trailing extras) is
    /// checked against what the columns hold; the row is repaired only when exactly one fits.
    /// - Throws: `SurveyRowError` ("shifted columns") when none or several fit.
    func repaired(_ record: CSVRecord) throws(SurveyRowError) -> CSVRecord {
        let count = columnKinds.count
        let extra = record.fields.count - count
        var fits: [CSVRecord] = []
        func fitsColumns(_ fields: ArraySlice<String>) -> Bool {
            zip(columnKinds, fields).allSatisfy { kind, field in kind.admits(field) }
        }
        // Trailing fields beyond the header (a trailing comma) with everything else in place.
        if fitsColumns(record.fields.prefix(count)) {
            fits.append(record)
        }
        for column in 0..<count where columnKinds[column] == .text {
            var fields = Array(record.fields[0..<column])
            fields.append(record.fields[column...(column + extra)].joined(separator: ","))
            fields.append(contentsOf: record.fields[(column + extra + 1)...])
            if fitsColumns(fields[...]) {
                fits.append(CSVRecord(line: record.line, fields: fields))
            }
        }
        guard fits.count == 1 else {
            throw SurveyRowError(
                reason: "shifted columns",
                detail: "\(record.fields.count) fields for \(count) columns, and the extra "
                    + (fits.isEmpty ? "commas fit no column" : "commas fit \(fits.count) ways"))
        }
        return fits[0]
    }
}
