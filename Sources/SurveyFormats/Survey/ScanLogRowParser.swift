import Foundation
import PositioningCore

/// Turns the rows of an observation log — one row per access point per scan, with its signal —
/// into access-point sightings.
///
/// ESP8266 wardriving loggers write
/// `Latitude,Longitude,Altitude,Speed,Course,Date,Time (UTC),Satellites,SSID,Power,Channel,Encryption,BSSID`
/// (`M/D/YYYY` dates). Such a file names a BSSID and a position like an access-point list, but
/// each row is a hearing with its strength, so it is imported as observations, never as a list.
/// Columns are found by name in any case and spacing: the BSSID in `bssid`/`mac`, the signal in
/// `power`/`rssi`/`signal`/`level`/`dbm`, the time in `date` plus `time`/`time (utc)`, or in one
/// `time`/`timestamp` column (a date, or Unix seconds or milliseconds).
///
/// ```swift
/// let parser = try ScanLogRowParser(header: headerRecord)
/// let row = try parser.parse(record)   // .accessPoint(bssid, observation with its signal)
/// ```
public struct ScanLogRowParser: Sendable {
    private let bssid: Int, latitude: Int, longitude: Int, signal: Int
    private let ssid: Int?, date: Int?, time: Int?, accuracy: Int?
    private let minimumFieldCount: Int
    /// The zone dates without one are written in (`Time (UTC)` says UTC, the default).
    public var localTimeZone: TimeZone?

    private static let signalNames = ["power", "rssi", "signal", "level", "dbm", "signalstrength", "signal(dbm)"]

    /// Whether `record` is the header of an observation log: a BSSID, a position and a signal.
    public static func isHeader(_ record: CSVRecord) -> Bool {
        (try? ScanLogRowParser(header: record)) != nil
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` when the BSSID, position or signal column is missing.
    public init(header: CSVRecord) throws(SurveyRowError) {
        let columns = CSVHeader(header)
        guard let bssid = columns.column("bssid", "mac"), let latitude = columns.column("latitude", "lat"),
            let longitude = columns.column("longitude", "lon", "lng"),
            let signal = columns.names.firstIndex(where: Self.signalNames.contains)
        else {
            throw SurveyRowError(reason: "not an observation log header",
                                 detail: "header lacks a bssid, latitude, longitude or signal column")
        }
        (self.bssid, self.latitude, self.longitude, self.signal) = (bssid, latitude, longitude, signal)
        ssid = columns.column("ssid", "essid", "name")
        date = columns.column("date", "date(utc)")
        time = columns.column("time(utc)", "time", "timestamp", "datetime")
        accuracy = columns.column("accuracy", "accuracymeters")
        minimumFieldCount = max(bssid, latitude, longitude, signal) + 1
    }

    /// The sighting `record` logs.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let key = record.fields[bssid]
        guard BSSID(key) != nil else {
            if CSVHeader.normalized(key) == "bssid" {
                throw SurveyRowError(reason: SurveyRowError.repeatedHeaderReason, column: "bssid",
                                     detail: "the header line appears again")
            }
            throw SurveyRowError(reason: "invalid MAC", column: "bssid", detail: "bssid \"\(key.prefix(30))\" is not a BSSID")
        }
        let position = try SurveyField.coordinate(
            latitude: record.fields[latitude], longitude: record.fields[longitude],
            latitudeColumn: "latitude", longitudeColumn: "longitude")
        guard let strength = SurveyField.optionalDouble(record.fields[signal]), strength < 0, strength > -150 else {
            throw SurveyRowError(reason: "invalid signal", column: "signal",
                                 detail: "signal \"\(record.fields[signal].prefix(20))\" is not a dBm level")
        }
        let name = ssid.flatMap { record[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        let observation = SurveyObservation(
            position: position,
            positionAccuracy: SurveyField.optionalDouble(accuracy.flatMap { record[$0] }).flatMap { $0 > 0 ? $0 : nil },
            signalStrength: strength, time: observationTime(record), ssid: name)
        return try SurveyField.accessPoint(key, column: "bssid", observation: observation)
    }

    private func observationTime(_ record: CSVRecord) -> Date? {
        let timeText = time.flatMap { record[$0] } ?? ""
        if let date, let dateText = record[date], !dateText.isEmpty {
            return WigleTimestamp.parse(timeText.isEmpty ? dateText : dateText + " " + timeText, in: localTimeZone)
        }
        if timeText.utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") }) {
            return SurveyField.epochTime(timeText)
        }
        return WigleTimestamp.parse(timeText, in: localTimeZone) ?? ISO8601Timestamp.parse(timeText)
    }
}
