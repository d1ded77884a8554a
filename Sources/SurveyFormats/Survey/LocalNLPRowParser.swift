import PositioningCore

/// Turns the rows of a Local NLP Backend export (`emitters.csv`, "database v4") into sightings
/// at the positions the backend learned.
///
/// Local NLP Backend (the DejaVu successor, `SettingsActivity.exportToFile`) writes the line
/// `database v4`, a column header, then per emitter `id,type,lat,lon,radius_ns,radius_ew,note`:
/// `type` is `WLAN2`/`WLAN5`/`WLAN6` (the id a BSSID, the note its SSID), `GSM`, `WCDMA`
/// (`MCC/MNC/LAC/CID`), `LTE` (`MCC/MNC/ECI/PCI/TAC`) or `BT`; ids may carry their type as a
/// prefix (`GSM/202/0/42/26363`). The note is not quoted, so an SSID with commas spans the last
/// fields — the backend itself joins them back, and so does this parser.
///
/// ```swift
/// let parser = LocalNLPRowParser()
/// let row = try parser.parse(record)
/// ```
public struct LocalNLPRowParser: Sendable {
    /// Creates a parser (the format has one fixed layout).
    public init() {}

    /// Whether `record` is the export's first line, `database v4`.
    public static func isPreamble(_ record: CSVRecord) -> Bool {
        record.fields.count == 1 && record.fields[0].lowercased() == "database v4"
    }

    /// What `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(6)
        let type = record.fields[1].uppercased()
        if type == "BT" {
            throw SurveyRowError(reason: SurveyRowError.bluetoothReason, column: "type", detail: "BT emitters are not part of the radio map")
        }
        let position = try SurveyField.coordinate(
            latitude: record.fields[2], longitude: record.fields[3], latitudeColumn: "lat", longitudeColumn: "lon")
        var parts = record.fields[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1, parts[0].uppercased() == type { parts.removeFirst() }
        if type.hasPrefix("WLAN") {
            let note = record.fields.count > 6 ? record.fields[6...].joined(separator: ",") : ""
            return try SurveyField.accessPoint(
                parts.joined(separator: "/"), column: "id", ssidColumn: "note",
                observation: SurveyObservation(position: position, ssid: note.isEmpty ? nil : note))
        }
        let numbers = parts.map { Int64($0) }
        let invalid = SurveyRowError(reason: "invalid cell identity", column: "id",
                                     detail: "\(type) id \"\(record.fields[0].prefix(40))\" is not MCC/MNC/… numbers")
        guard numbers.allSatisfy({ $0 != nil }) else { throw invalid }
        let values = numbers.map { $0! }
        let identity: CellIdentity
        switch type {
        case "GSM", "WCDMA", "UMTS", "TDSCDMA":
            guard values.count == 4 else { throw invalid }
            identity = try SurveyField.cell(radio: type == "GSM" ? .gsm : .wcdma, mcc: Int(values[0]), mnc: Int(values[1]),
                                            area: Int(values[2]), cellID: values[3], column: "id")
        case "LTE", "NR":
            guard values.count == 5 else { throw invalid }
            identity = try SurveyField.cell(radio: type == "LTE" ? .lte : .nr, mcc: Int(values[0]), mnc: Int(values[1]),
                                            area: Int(values[4]), cellID: values[2], column: "id")
        default:
            throw SurveyRowError(reason: "unknown type", column: "type", detail: "emitter type \"\(type.prefix(10))\" is not WLAN, GSM, WCDMA, LTE or NR")
        }
        return .cellObservation(identity, SurveyObservation(position: position))
    }
}
