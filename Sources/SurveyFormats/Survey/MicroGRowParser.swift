import PositioningCore

/// Turns the rows of microG's exported location database (`wifi-….csv.gz`, `cell-….csv.gz`,
/// from Settings → Location → export) into sightings at the positions microG learned.
///
/// microG (GmsCore `LocationDatabase.exportLearned`) writes one row per learned emitter: Wi-Fi
/// as `mac,lat,lon,alt` with the MAC as 12 hex digits, cells as `mcc,mnc,type,lac,cid,psc,lat,
/// lon,alt` with `type` the ordinal of its `CellDetails.Type` (`CDMA, GSM, WCDMA, LTE, TDSCDMA,
/// NR`) or that name; `lat`/`lon` are the middle of what it saw. Each row becomes one sighting at
/// that position, as an access-point list's does.
///
/// ```swift
/// let parser = try MicroGRowParser(header: headerRecord)
/// let row = try parser.parse(record)   // .accessPoint or .cellObservation
/// ```
public struct MicroGRowParser: Sendable {
    private let columns: [String: Int]
    private let isCellTable: Bool
    private let minimumFieldCount: Int

    private static let wifiColumns: Set = ["mac", "lat", "lon", "alt"]
    private static let cellColumns: Set = ["mcc", "mnc", "type", "lac", "cid", "psc", "lat", "lon", "alt"]
    /// `CellDetails.Companion.Type`, in declaration order (the export writes the ordinal).
    private static let cellTypes: [RadioType?] = [.cdma, .gsm, .wcdma, .lte, .wcdma, .nr]
    private static let cellTypeNames = ["CDMA", "GSM", "WCDMA", "LTE", "TDSCDMA", "NR"]

    /// Whether `record` is the header of a microG export: exactly its Wi-Fi or cell columns.
    public static func isHeader(_ record: CSVRecord) -> Bool {
        let names = Set(record.fields)
        return names.count == record.fields.count && (names == wifiColumns || names == cellColumns)
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` unless the header is microG's.
    public init(header: CSVRecord) throws(SurveyRowError) {
        guard Self.isHeader(header) else {
            throw SurveyRowError(reason: "not a microG header", detail: "header is not mac,lat,lon,alt or mcc,mnc,type,lac,cid,psc,lat,lon,alt")
        }
        columns = Dictionary(uniqueKeysWithValues: header.fields.enumerated().map { ($1, $0) })
        isCellTable = header.fields.contains("cid")
        // Every column but `alt`, which is written empty when unknown, must be there.
        minimumFieldCount = header.fields.enumerated().filter { $0.element != "alt" }.map(\.offset).max()! + 1
    }

    /// What `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let position = try SurveyField.coordinate(
            latitude: record.fields[columns["lat"]!], longitude: record.fields[columns["lon"]!],
            latitudeColumn: "lat", longitudeColumn: "lon")
        let observation = SurveyObservation(position: position)
        guard isCellTable else {
            return try SurveyField.accessPoint(record.fields[columns["mac"]!], column: "mac", observation: observation)
        }
        let typeText = record.fields[columns["type"]!]
        let type = Int(typeText).flatMap { Self.cellTypes.indices.contains($0) ? $0 : nil }
            ?? Self.cellTypeNames.firstIndex(of: typeText.uppercased())
        guard let type, let radio = Self.cellTypes[type], radio != .cdma else {
            throw SurveyRowError(reason: "unknown radio", column: "type",
                                 detail: "cell type \"\(typeText.prefix(10))\" is not GSM, WCDMA, LTE, TD-SCDMA or NR")
        }
        func number(_ name: String) throws(SurveyRowError) -> Int64 {
            try SurveyField.integer(record.fields[columns[name]!], column: name)
        }
        let identity = try SurveyField.cell(
            radio: radio, mcc: Int(try number("mcc")), mnc: Int(try number("mnc")), area: Int(try number("lac")),
            cellID: try number("cid"), column: "cid")
        return .cellObservation(identity, observation)
    }
}
