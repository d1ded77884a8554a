import Foundation
import PositioningCore

/// Field conversions shared by the survey row parsers, each failing with a `SurveyRowError`.
enum SurveyField {
    static func double(_ text: String, column: String) throws(SurveyRowError) -> Double {
        guard let value = Double(text) else {
            throw SurveyRowError(reason: "invalid number", column: column,
                                 detail: "\(column) \"\(text.prefix(30))\" is not a number")
        }
        return value
    }

    static func optionalDouble(_ text: String?) -> Double? {
        guard let text, !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static func integer(_ text: String, column: String) throws(SurveyRowError) -> Int64 {
        guard let value = Int64(text) else {
            throw SurveyRowError(reason: "invalid number", column: column,
                                 detail: "\(column) \"\(text.prefix(30))\" is not an integer")
        }
        return value
    }

    /// A validated position: finite, in range, and not (0, 0), which apps write without a fix.
    static func coordinate(
        latitude latitudeText: String, longitude longitudeText: String,
        latitudeColumn: String, longitudeColumn: String
    ) throws(SurveyRowError) -> Coordinate {
        let reason = SurveyRowError.invalidCoordinateReason
        guard let latitude = Double(latitudeText), latitude.isFinite else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "latitude \"\(latitudeText.prefix(30))\" is not a number")
        }
        guard let longitude = Double(longitudeText), longitude.isFinite else {
            throw SurveyRowError(reason: reason, column: longitudeColumn,
                                 detail: "longitude \"\(longitudeText.prefix(30))\" is not a number")
        }
        guard abs(latitude) <= 90 else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "latitude \(latitude) outside −90…90")
        }
        guard abs(longitude) <= 180 else {
            throw SurveyRowError(reason: reason, column: longitudeColumn,
                                 detail: "longitude \(longitude) outside −180…180")
        }
        guard let coordinate = Coordinate(validating: latitude, longitude) else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "position (0, 0) means the surveyor had no fix")
        }
        return coordinate
    }
}

extension SurveyField {
    /// An access-point sighting of `key` (a BSSID in any of its spellings), unless its network
    /// opted out of location databases (`_nomap`, `_optout`).
    /// - Throws: `SurveyRowError` "invalid MAC" or "opted out", naming `column` / `ssidColumn`.
    static func accessPoint(
        _ key: String, column: String, ssidColumn: String = "ssid", observation: SurveyObservation
    ) throws(SurveyRowError) -> SurveyRow {
        guard let bssid = BSSID(key) else {
            throw SurveyRowError(reason: "invalid MAC", column: column,
                                 detail: "\(column) \"\(key.prefix(30))\" is not a BSSID")
        }
        // Both opt-out markers contain "_"; checking the byte first skips the costly search.
        if let name = observation.ssid, name.utf8.contains(UInt8(ascii: "_")),
            WiFiObservation(bssid: bssid, ssid: name).isOptedOut
        {
            throw SurveyRowError(reason: SurveyRowError.optedOutReason, column: ssidColumn,
                                 detail: "network \"\(name)\" opted out of location databases")
        }
        return .accessPoint(bssid, observation)
    }

    /// A Unix time in seconds or milliseconds (values past 10¹¹ are milliseconds: seconds
    /// that large lie after the year 5000); nil for empty, zero ("unknown") or not a number.
    static func epochTime(_ text: String?) -> Date? {
        guard let value = optionalDouble(text), value > 0 else { return nil }
        return Date(timeIntervalSince1970: value > 1e11 ? value / 1000 : value)
    }

    /// A cell identity, its errors as survey row errors naming `column`.
    static func cell(radio: RadioType, mcc: Int, mnc: Int, area: Int, cellID: Int64, column: String)
        throws(SurveyRowError) -> CellIdentity
    {
        do {
            return try CellIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
        } catch {
            throw SurveyRowError(reason: "invalid cell identity", column: column, detail: error.reason)
        }
    }
}

/// A CSV header whose columns are found by name, whatever their case and spacing
/// (`Time (UTC)`, `signal_strength`, `First\tSeen`).
struct CSVHeader: Sendable {
    let names: [String]

    init(_ record: CSVRecord) {
        names = record.fields.map(Self.normalized)
    }

    /// `name` lowercased, without spaces, tabs and underscores.
    static func normalized(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "_" }))
    }

    /// The first column named any of `candidates` (already normalized).
    func column(_ candidates: String...) -> Int? {
        names.firstIndex(where: candidates.contains)
    }

    /// Whether every one of `required` is a column.
    func has(_ required: String...) -> Bool {
        required.allSatisfy(names.contains)
    }
}
