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
    private let mac: Int, ssid: Int?, authMode: Int?, firstSeen: Int?, rssi: Int?, latitude: Int, longitude: Int
    private let accuracy: Int?, type: Int?
    private let minimumFieldCount: Int
    /// How many columns the header names: a row with more fields was written with an unquoted
    /// comma (Bruce 1.9.1 does not quote SSIDs) and is repaired or rejected, never stored shifted.
    let columnKinds: [WigleColumnKind]
    /// The zone `FirstSeen` is written in, when it is local time; nil reads it as UTC (WiGLE's
    /// format, and the ESP32 firmwares' GPS time).
    public var localTimeZone: TimeZone?
    /// Whether SSIDs hold Kismet's octal escapes (`Caf\303\251`, `a\054b`), decoded to their bytes.
    public var decodesOctalEscapes = false

    /// Whether `record` is a WiGLE column header: `MAC` and the position, as WiGLE names it
    /// (`CurrentLatitude`) or as spreadsheet re-saves rename it (`Latitude`, with WiGLE's
    /// `AuthMode` or `FirstSeen` beside, so a plain access-point list is not taken for one).
    public static func isHeader(_ record: CSVRecord) -> Bool {
        let names = Set(record.fields.map(normalizedName))
        guard names.contains("MAC") else { return false }
        if names.contains("CurrentLatitude") && names.contains("CurrentLongitude") { return true }
        return names.contains("Latitude") && names.contains("Longitude")
            && (names.contains("AuthMode") || names.contains("FirstSeen"))
    }

    /// A header name without the spaces and tabs spreadsheets leave in it (`First\tSeen`).
    static func normalizedName(_ name: String) -> String {
        name.unicodeScalars.contains(where: { $0 == " " || $0 == "\t" })
            ? String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != " " && $0 != "\t" })) : name
    }

    /// Creates a parser for the columns `header` names (the file's second line).
    /// - Throws: `SurveyRowError` when `MAC`, `CurrentLatitude` or `CurrentLongitude` is missing.
    public init(header: CSVRecord) throws(SurveyRowError) {
        let names = header.fields.map(Self.normalizedName)
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let mac = column("MAC"), let latitude = column("CurrentLatitude") ?? column("Latitude"),
            let longitude = column("CurrentLongitude") ?? column("Longitude")
        else {
            throw SurveyRowError(reason: "not a WiGLE header",
                                 detail: "header lacks MAC, CurrentLatitude or CurrentLongitude")
        }
        self.mac = mac
        self.latitude = latitude
        self.longitude = longitude
        ssid = column("SSID")
        authMode = column("AuthMode")
        firstSeen = column("FirstSeen")
        rssi = column("RSSI")
        accuracy = column("AccuracyMeters")
        type = column("Type")
        minimumFieldCount = max(mac, latitude, longitude) + 1
        columnKinds = names.enumerated().map { index, name in
            index == latitude || index == longitude ? .number : WigleColumnKind(name: name)
        }
    }

    /// The `FirstSeen` text of `record`, unparsed (to look for unknown-time markers).
    public func firstSeenText(_ record: CSVRecord) -> String? {
        firstSeen.flatMap { record[$0] }
    }

    /// What `record` says.
    /// - Throws: `SurveyRowError` with the rejection reason and, where one is at fault, the column.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let record = try columnKinds.count > 1 && record.fields.count > columnKinds.count ? repaired(record) : record
        let typeName = type.flatMap { record[$0] }.map { $0.isEmpty ? "WIFI" : $0 } ?? "WIFI"
        if typeName == "BT" || typeName == "BLE" {
            throw SurveyRowError(reason: SurveyRowError.bluetoothReason, column: "Type",
                                 detail: "\(typeName) devices are not part of the radio map")
        }
        let name = ssid.flatMap { record[$0] }.map { decodesOctalEscapes ? Self.decodingOctalEscapes($0) : $0 }
        let position = try SurveyField.coordinate(
            latitude: record.fields[latitude], longitude: record.fields[longitude],
            latitudeColumn: "CurrentLatitude", longitudeColumn: "CurrentLongitude")
        var observation = SurveyObservation(
            position: position,
            positionAccuracy: SurveyField.optionalDouble(accuracy.flatMap { record[$0] }).flatMap { $0 > 0 ? $0 : nil },
            signalStrength: SurveyField.optionalDouble(rssi.flatMap { record[$0] }).flatMap { $0 < 0 ? $0 : nil },
            time: firstSeen.flatMap { record[$0] }.flatMap { WigleTimestamp.parse($0, in: localTimeZone) })
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
        guard var radio = RadioType(name: typeName) else {
            throw SurveyRowError(reason: "unknown type", column: "Type", detail: "unknown Type \"\(typeName.prefix(20))\"")
        }
        // WiGLE's app files LTE (and UMTS, NR) cells under Type GSM in some releases (2.48); its
        // AuthMode column then names the network type: `LTE;ar` (type;country).
        if radio == .gsm, let network = authMode.flatMap({ record[$0] }).flatMap(Self.networkType) {
            radio = network
        }
        return .cellObservation(try Self.cellIdentity(key, radio: radio), observation)
    }

    /// `text` with each `\ooo` (three octal digits) replaced by its byte, read as UTF-8 (else Latin-1).
    static func decodingOctalEscapes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count,
                bytes[(index + 1)...(index + 3)].allSatisfy({ (48...55).contains($0) }), bytes[index + 1] <= 51
            {
                decoded.append((bytes[index + 1] - 48) << 6 | (bytes[index + 2] - 48) << 3 | (bytes[index + 3] - 48))
                index += 4
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded.withUnsafeBufferPointer(CSVRecordReader.decodeField)
    }

    /// The radio a cell row's AuthMode (`LTE;ar`, `HSPA;il`, `UNKNOWN;il`) names, when it names one.
    static func networkType(_ authMode: String) -> RadioType? {
        let name = authMode.prefix { $0 != ";" }.uppercased()
        switch name {
        case "LTE", "LTE_CA": return .lte
        case "NR", "NR_NSA", "NRNSA", "5G": return .nr
        case "UMTS", "HSPA", "HSPAP", "HSDPA", "HSUPA", "WCDMA", "TD_SCDMA": return .wcdma
        default: return nil
        }
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
        // WiGLE's Android app files every GsmCellLocation as GSM, UMTS cells included.
        let radio = radio.normalized(forCellID: cellID)
        do {
            return try CellIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
        } catch {
            throw SurveyRowError(reason: "invalid cell identity", column: "MAC", detail: error.reason)
        }
    }
}
