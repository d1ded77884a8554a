import Foundation
import PositioningCore

/// Turns the rows of a WiGLE WiFi CSV into survey observations.
///
/// Columns are found by header name, so later versions that append columns (`RCOIs`,
/// `MfgrId`, …) work. `WIFI` rows become access-point observations; `GSM`, `WCDMA`, `LTE` and
/// `NR` rows cell observations, whose `MAC` column holds `MCCMNC_LAC_CID`
/// (`42501_10221_1448394`: MCC 425, MNC 01). `BT`/`BLE` rows, `CDMA` rows (keyed SID_NID_BSID,
/// without an MCC) and opted-out networks are rejected with their own reasons.
///
/// ```swift
/// let parser = try WigleRowParser(header: headerRecord)
/// switch try parser.parse(record) { case .accessPoint(let bssid, let seen): … }
/// ```
public struct WigleRowParser: Sendable {
    private let mac: Int, ssid: Int?, firstSeen: Int?, rssi: Int?, latitude: Int, longitude: Int
    private let accuracy: Int?, type: Int?
    private let minimumFieldCount: Int

    /// Whether `record` is a WiGLE column header.
    public static func isHeader(_ record: CSVRecord) -> Bool {
        let names = Set(record.fields)
        return names.contains("MAC") && names.contains("CurrentLatitude") && names.contains("CurrentLongitude")
    }

    /// Creates a parser for the columns `header` names (the file's second line).
    /// - Throws: `SurveyRowError` when `MAC`, `CurrentLatitude` or `CurrentLongitude` is missing.
    public init(header: CSVRecord) throws(SurveyRowError) {
        func column(_ name: String) -> Int? { header.fields.firstIndex(of: name) }
        guard let mac = column("MAC"), let latitude = column("CurrentLatitude"),
            let longitude = column("CurrentLongitude")
        else {
            throw SurveyRowError(reason: "not a WiGLE header",
                                 detail: "header lacks MAC, CurrentLatitude or CurrentLongitude")
        }
        self.mac = mac
        self.latitude = latitude
        self.longitude = longitude
        ssid = column("SSID")
        firstSeen = column("FirstSeen")
        rssi = column("RSSI")
        accuracy = column("AccuracyMeters")
        type = column("Type")
        minimumFieldCount = max(mac, latitude, longitude) + 1
    }

    /// What `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and, where one is at fault, the column.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let typeName = type.flatMap { record[$0] }.map { $0.isEmpty ? "WIFI" : $0 } ?? "WIFI"
        if typeName == "BT" || typeName == "BLE" {
            throw SurveyRowError(reason: SurveyRowError.bluetoothReason, column: "Type",
                                 detail: "\(typeName) devices are not part of the radio map")
        }
        let name = ssid.flatMap { record[$0] }
        let position = try SurveyField.coordinate(
            latitude: record.fields[latitude], longitude: record.fields[longitude],
            latitudeColumn: "CurrentLatitude", longitudeColumn: "CurrentLongitude")
        var observation = SurveyObservation(
            position: position,
            positionAccuracy: SurveyField.optionalDouble(accuracy.flatMap { record[$0] }).flatMap { $0 > 0 ? $0 : nil },
            signalStrength: SurveyField.optionalDouble(rssi.flatMap { record[$0] }).flatMap { $0 < 0 ? $0 : nil },
            time: firstSeen.flatMap { record[$0] }.flatMap { WigleTimestamp.parse($0) })
        let key = record.fields[mac]
        if typeName == "WIFI" {
            guard let bssid = BSSID(key) else {
                throw SurveyRowError(reason: "invalid MAC", column: "MAC", detail: "MAC \"\(key.prefix(30))\" is not a BSSID")
            }
            // Both opt-out markers contain "_"; checking the byte first skips the costly search.
            if let name, name.utf8.contains(UInt8(ascii: "_")), WiFiObservation(bssid: bssid, ssid: name).isOptedOut {
                throw SurveyRowError(reason: SurveyRowError.optedOutReason, column: "SSID",
                                     detail: "network \"\(name)\" opted out of location databases")
            }
            observation.ssid = name
            return .accessPoint(bssid, observation)
        }
        guard let radio = RadioType(name: typeName) else {
            throw SurveyRowError(reason: "unknown type", column: "Type", detail: "unknown Type \"\(typeName.prefix(20))\"")
        }
        return .cellObservation(try Self.cellIdentity(key, radio: radio), observation)
    }

    /// Parses WiGLE's `MCCMNC_LAC_CID` cell key; a "GSM" cell with a cell id beyond 16 bits
    /// is a UMTS cell, as the import stores it.
    public static func cellIdentity(_ key: String, radio: RadioType) throws(SurveyRowError) -> CellIdentity {
        // WiGLE writes CDMA cells as SID_NID_BSID: no country code, so no global identity.
        guard radio != .cdma else {
            throw SurveyRowError(reason: "CDMA cell without MCC", column: "MAC",
                                 detail: "CDMA key \"\(key.prefix(30))\" (SID_NID_BSID) has no MCC")
        }
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw SurveyRowError(reason: "invalid cell key", column: "MAC",
                                 detail: "cell key \"\(key.prefix(30))\" is not MCCMNC_LAC_CID")
        }
        let operatorCode = parts[0]
        guard !operatorCode.isEmpty else {
            throw SurveyRowError(reason: "missing operator", column: "MAC",
                                 detail: "cell key \"\(key.prefix(30))\" has no MCC/MNC")
        }
        guard operatorCode.count >= 4, operatorCode.count <= 6, let mcc = Int(operatorCode.prefix(3)),
            let mnc = Int(operatorCode.dropFirst(3)), let area = Int(parts[1]), let cellID = Int64(parts[2])
        else {
            throw SurveyRowError(reason: "invalid cell key", column: "MAC",
                                 detail: "cell key \"\(key.prefix(30))\" is not MCCMNC_LAC_CID")
        }
        // Android reports an unknown LAC/CID as Integer.MAX_VALUE (CellInfo.UNAVAILABLE).
        guard area != Int(Int32.max), cellID != Int64(Int32.max) else {
            throw SurveyRowError(reason: "unknown cell identity", column: "MAC",
                                 detail: "cell key \"\(key.prefix(30))\" has Android's \"unavailable\" value 2147483647")
        }
        // WiGLE's Android app files every GsmCellLocation as GSM, UMTS cells included; a cell id
        // beyond GSM's 16 bits is a UMTS cell (RNC id << 16 | cell id).
        let radio = radio == .gsm && cellID > 65535 ? RadioType.wcdma : radio
        do {
            return try CellIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
        } catch {
            throw SurveyRowError(reason: "invalid cell identity", column: "MAC", detail: error.reason)
        }
    }
}
