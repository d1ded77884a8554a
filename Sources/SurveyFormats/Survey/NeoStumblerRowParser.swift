import Foundation
import PositioningCore

/// Turns the rows of NeoStumbler's CSV export (beaconDB's Android stumbler) into sightings.
///
/// NeoStumbler exports a ZIP of `wifis.csv`, `cells.csv` and `beacons.csv`, each the columns of
/// its own database query (`ExportDao`): the report's `timestamp` (Unix milliseconds), the fix's
/// `latitude`, `longitude`, `locationAccuracy`, then per emitter `macAddress`, `signalStrength`,
/// `ssid` and `wifiScanAge` (ms before the report), or `radioType`, `mcc`, `mnc`, `lac`,
/// `cellId`, `signalStrength`, `cellScanAge`. Its schema is its own and has grown columns, so
/// every column is found by name. Bluetooth beacons are rejected (not part of the radio map).
///
/// ```swift
/// let parser = try NeoStumblerRowParser(header: headerRecord)   // wifis.csv or cells.csv
/// let row = try parser.parse(record)
/// ```
public struct NeoStumblerRowParser: Sendable {
    private enum Table: Sendable { case wifis, cells, beacons }
    private let table: Table
    private let timestamp: Int, latitude: Int, longitude: Int
    private let accuracy: Int?, signal: Int?, scanAge: Int?
    private let mac: Int?, ssid: Int?
    private let radio: Int?, mcc: Int?, mnc: Int?, lac: Int?, cellID: Int?
    private let minimumFieldCount: Int

    /// Whether `record` is the header of one of NeoStumbler's export files.
    public static func isHeader(_ record: CSVRecord) -> Bool {
        (try? NeoStumblerRowParser(header: record)) != nil
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` unless the header is NeoStumbler's (`timestamp`, `latitude`,
    ///   `longitude`, `locationAccuracy` and an emitter's columns).
    public init(header: CSVRecord) throws(SurveyRowError) {
        let columns = CSVHeader(header)
        guard let timestamp = columns.column("timestamp"), let latitude = columns.column("latitude"),
            let longitude = columns.column("longitude"), columns.has("locationaccuracy")
        else {
            throw SurveyRowError(reason: "not a NeoStumbler header", detail: "header lacks timestamp, latitude, longitude or locationAccuracy")
        }
        (self.timestamp, self.latitude, self.longitude) = (timestamp, latitude, longitude)
        accuracy = columns.column("locationaccuracy")
        signal = columns.column("signalstrength")
        mac = columns.column("macaddress")
        ssid = columns.column("ssid")
        radio = columns.column("radiotype")
        mcc = columns.column("mcc", "mobilecountrycode")
        mnc = columns.column("mnc", "mobilenetworkcode")
        lac = columns.column("lac", "locationareacode", "tac")
        cellID = columns.column("cellid")
        if columns.has("wifiscanage"), mac != nil {
            table = .wifis
            scanAge = columns.column("wifiscanage")
        } else if radio != nil, mcc != nil, mnc != nil, lac != nil, cellID != nil {
            table = .cells
            scanAge = columns.column("cellscanage")
        } else if columns.has("bluetoothscanage") {
            table = .beacons
            scanAge = nil
        } else {
            throw SurveyRowError(reason: "not a NeoStumbler header", detail: "header names neither Wi-Fi, cell nor beacon columns")
        }
        minimumFieldCount = [timestamp, latitude, longitude, mac ?? 0, radio ?? 0, mcc ?? 0, mnc ?? 0, lac ?? 0, cellID ?? 0].max()! + 1
    }

    /// What `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        if table == .beacons {
            throw SurveyRowError(reason: SurveyRowError.bluetoothReason, detail: "Bluetooth beacons are not part of the radio map")
        }
        let position = try SurveyField.coordinate(
            latitude: record.fields[latitude], longitude: record.fields[longitude],
            latitudeColumn: "latitude", longitudeColumn: "longitude")
        let age = SurveyField.optionalDouble(scanAge.flatMap { record[$0] }) ?? 0
        let observation = SurveyObservation(
            position: position,
            positionAccuracy: SurveyField.optionalDouble(accuracy.flatMap { record[$0] }).flatMap { $0 > 0 ? $0 : nil },
            signalStrength: SurveyField.optionalDouble(signal.flatMap { record[$0] }).flatMap { $0 < 0 ? $0 : nil },
            time: reportTime(record.fields[timestamp]).map { $0.addingTimeInterval(-max(age, 0) / 1000) },
            ssid: ssid.flatMap { record[$0] }.flatMap { $0.isEmpty ? nil : $0 })
        if table == .wifis {
            return try SurveyField.accessPoint(record.fields[mac!], column: "macAddress", observation: observation)
        }
        let radioName = record.fields[radio!]
        guard let radioType = RadioType(name: radioName) else {
            throw SurveyRowError(reason: "unknown radio", column: "radioType", detail: "radioType \"\(radioName.prefix(20))\" is not GSM, WCDMA, LTE or NR")
        }
        guard let mccValue = Int(record.fields[mcc!]), let mncValue = Int(record.fields[mnc!]),
            let area = Int(record.fields[lac!]), let cell = Int64(record.fields[cellID!])
        else {
            throw SurveyRowError(reason: "invalid cell identity", column: "cellId",
                                 detail: "cell \(record.fields[mcc!].prefix(6))/\(record.fields[mnc!].prefix(6))/\(record.fields[lac!].prefix(12))/\(record.fields[cellID!].prefix(12)) is not numeric")
        }
        let identity = try SurveyField.cell(radio: radioType, mcc: mccValue, mnc: mncValue, area: area, cellID: cell, column: "cellId")
        return .cellObservation(identity, observation)
    }

    /// The report's time: Unix milliseconds, as NeoStumbler stores it, or an ISO 8601 date.
    private func reportTime(_ text: String) -> Date? {
        SurveyField.epochTime(text) ?? ISO8601Timestamp.parse(text)
    }
}
