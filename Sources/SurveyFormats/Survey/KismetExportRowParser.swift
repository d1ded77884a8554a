import Foundation
import PositioningCore

/// Turns the rows of Kismet's tab-separated device export into access-point sightings.
///
/// Kismet's log tools (`kismet_log_to_csv.py --table devices`, in Kismet's `log_tools/` and in the
/// `kismetdb` Python package) write a `.kismet` log's `devices` table as tab-separated values:
/// `first_time, last_time, devkey, phyname, devmac, strongest_signal, min_lat, min_lon, max_lat,
/// max_lon, avg_lat, avg_lon, bytes_data, type` — the package's version with that header line,
/// Kismet's own without one. Each access point (`IEEE802.11`, `Wi-Fi AP`) becomes one sighting at
/// its average position with its strongest signal, dated `last_time` (Unix seconds); clients and
/// Bluetooth devices are rejected with their reasons. Positions copied raw from logs before
/// version 5 are degrees × 100,000 integers: a row whose whole-number position is out of range in
/// degrees is read so. `--table packets` exports do not say which senders are access points, so
/// they are refused with a pointer to the log or its device export.
///
/// ```swift
/// let parser = try KismetExportRowParser(header: firstRecord)   // a header, or the first row
/// let row = try parser.parse(record)
/// ```
public struct KismetExportRowParser: Sendable {
    private let mac: Int, phy: Int, type: Int, signal: Int, latitude: Int, longitude: Int, time: Int
    private let minimumFieldCount: Int
    /// Whether the first record is the header (the `kismetdb` package's export) rather than a row.
    public let hasHeader: Bool

    /// The columns of the device export, in the order both tools write them.
    public static let deviceColumns = [
        "first_time", "last_time", "devkey", "phyname", "devmac", "strongest_signal", "min_lat", "min_lon",
        "max_lat", "max_lon", "avg_lat", "avg_lon", "bytes_data", "type",
    ]
    /// The columns of the packet export (`--table packets`).
    public static let packetColumns = [
        "ts_sec", "ts_usec", "phyname", "sourcemac", "destmac", "transmac", "frequency", "devkey", "lat", "lon",
        "packet_len", "signal", "datasource", "dlt", "error",
    ]

    /// The tab-separated fields of `record`, which the comma-separated reader split at commas
    /// (Kismet's fields hold no tabs; a comma inside one is joined back).
    static func fields(_ record: CSVRecord) -> [String] {
        let line = record.fields.count == 1 ? record.fields[0] : record.fields.joined(separator: ",")
        return line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `record` begins one of Kismet's exports: its device or packet header, or a
    /// header-less device or packet row (Unix times, a PHY name and MAC addresses where they go).
    public static func isExport(_ record: CSVRecord) -> Bool {
        let fields = fields(record)
        return fields == deviceColumns || fields == packetColumns || looksLikeDeviceRow(fields)
            || looksLikePacketRow(fields)
    }

    private static func looksLikeDeviceRow(_ fields: [String]) -> Bool {
        fields.count == deviceColumns.count && Int64(fields[0]) != nil && Int64(fields[1]) != nil
            && BSSID(fields[4]) != nil && Double(fields[10]) != nil && Double(fields[11]) != nil
    }

    private static func looksLikePacketRow(_ fields: [String]) -> Bool {
        fields.count == packetColumns.count && Int64(fields[0]) != nil && Int64(fields[1]) != nil
            && BSSID(fields[3]) != nil && BSSID(fields[4]) != nil
    }

    /// Creates a parser for the export whose first record is `first` (its header, or its first row).
    /// - Throws: `SurveyRowError` for a packet export, or a record that begins no device export.
    public init(header first: CSVRecord) throws(SurveyRowError) {
        let fields = Self.fields(first)
        if fields == Self.packetColumns || Self.looksLikePacketRow(fields) {
            throw SurveyRowError(
                reason: "Kismet packet export",
                detail: "a Kismet packet export does not say which senders are access points: import the .kismet log, "
                    + "or its device export (kismet_log_to_csv --table devices)")
        }
        let names: [String]
        if fields == Self.deviceColumns {
            (hasHeader, names) = (true, fields)
        } else if Self.looksLikeDeviceRow(fields) {
            (hasHeader, names) = (false, Self.deviceColumns)
        } else {
            throw SurveyRowError(reason: "not a Kismet device export",
                                 detail: "not the tab-separated columns of Kismet's device export")
        }
        func column(_ name: String) -> Int { names.firstIndex(of: name)! }
        (mac, phy, type, signal) = (column("devmac"), column("phyname"), column("type"), column("strongest_signal"))
        (latitude, longitude, time) = (column("avg_lat"), column("avg_lon"), column("last_time"))
        minimumFieldCount = names.count
    }

    /// The sighting `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        let fields = Self.fields(record)
        if record.hasUnterminatedQuote {
            throw SurveyRowError(reason: SurveyRowError.unterminatedQuoteReason, detail: "a quoted field never closes")
        }
        guard fields.count == minimumFieldCount else {
            let reason = fields.count < minimumFieldCount ? SurveyRowError.tooFewFieldsReason : "too many fields"
            throw SurveyRowError(reason: reason, detail: "\(fields.count) tab-separated fields, the export has \(minimumFieldCount)")
        }
        if fields == Self.deviceColumns {
            throw SurveyRowError(reason: SurveyRowError.repeatedHeaderReason, detail: "the header line appears again")
        }
        let (latitudeDegrees, longitudeDegrees) = try Self.degrees(latitude: fields[latitude], longitude: fields[longitude])
        let device = KismetDevice(mac: fields[mac], phy: fields[phy], type: fields[type], json: nil)
        return try device.sighting(
            latitude: latitudeDegrees, longitude: longitudeDegrees, signal: Double(fields[signal]),
            time: Double(fields[time]))
    }

    /// A position in degrees: as written, or — whole numbers out of range in degrees — divided by
    /// 100,000, as logs before version 5 store them.
    static func degrees(latitude: String, longitude: String) throws(SurveyRowError) -> (Double, Double) {
        let reason = SurveyRowError.invalidCoordinateReason
        guard let lat = Double(latitude), lat.isFinite else {
            throw SurveyRowError(reason: reason, column: "avg_lat", detail: "avg_lat \"\(latitude.prefix(30))\" is not a number")
        }
        guard let lon = Double(longitude), lon.isFinite else {
            throw SurveyRowError(reason: reason, column: "avg_lon", detail: "avg_lon \"\(longitude.prefix(30))\" is not a number")
        }
        let wholeNumbers = Int64(latitude) != nil && Int64(longitude) != nil
        if wholeNumbers && (abs(lat) > 90 || abs(lon) > 180) {
            return (lat / 100_000, lon / 100_000)
        }
        return (lat, lon)
    }
}
