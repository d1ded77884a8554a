import PositioningCore

/// Turns the rows of an access-point list with known positions into access-point sightings.
///
/// Research crawls and city Wi-Fi maps publish such lists, e.g. the Darmstadt one:
/// `ssid,bssid,encryption,vendor,longitude,latitude`. Columns are found by name (any case):
/// the BSSID in `bssid` or `mac`, the position in `latitude`/`lat` and `longitude`/`lon`/`lng`,
/// the network name in `ssid` when present. Each row becomes one sighting at the listed position,
/// so a list and a survey of the same access points aggregate alike.
///
/// ```swift
/// let parser = try AccessPointListRowParser(header: headerRecord)
/// let row = try parser.parse(record)   // .accessPoint(bssid, observation)
/// ```
public struct AccessPointListRowParser: Sendable {
    private let bssid: Int, latitude: Int, longitude: Int, ssid: Int?
    private let minimumFieldCount: Int

    private static let bssidNames = ["bssid", "mac", "netid"]
    private static let latitudeNames = ["latitude", "lat", "trilat"]
    private static let longitudeNames = ["longitude", "lon", "lng", "trilong"]

    /// Whether `record` is the header of an access-point list (a BSSID column and a position).
    public static func isHeader(_ record: CSVRecord) -> Bool {
        (try? AccessPointListRowParser(header: record)) != nil
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` when the BSSID, latitude or longitude column is missing.
    public init(header: CSVRecord) throws(SurveyRowError) {
        let names = header.fields.map { $0.filter { $0 != " " }.lowercased() }  // tolerate `a, b, c`
        func column(_ candidates: [String]) -> Int? { names.firstIndex(where: candidates.contains) }
        guard let bssid = column(Self.bssidNames), let latitude = column(Self.latitudeNames),
            let longitude = column(Self.longitudeNames)
        else {
            throw SurveyRowError(reason: "not an access-point list header",
                                 detail: "header lacks a bssid, latitude or longitude column")
        }
        (self.bssid, self.latitude, self.longitude) = (bssid, latitude, longitude)
        ssid = column(["ssid", "name"])
        minimumFieldCount = max(bssid, latitude, longitude) + 1
    }

    /// The access point `record` places.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let key = record.fields[bssid]
        if BSSID(key) == nil {
            if Self.bssidNames.contains(key.lowercased()) {
                throw SurveyRowError(reason: SurveyRowError.repeatedHeaderReason, column: "bssid",
                                     detail: "the header line appears again")
            }
            throw SurveyRowError(reason: "invalid MAC", column: "bssid", detail: "bssid \"\(key.prefix(30))\" is not a BSSID")
        }
        let position = try SurveyField.coordinate(
            latitude: record.fields[latitude], longitude: record.fields[longitude],
            latitudeColumn: "latitude", longitudeColumn: "longitude")
        let name = ssid.flatMap { record[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        return try SurveyField.accessPoint(key, column: "bssid", observation: SurveyObservation(position: position, ssid: name))
    }
}
