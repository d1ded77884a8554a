import Foundation
import PositioningCore

/// Turns the rows of a UJIIndoorLoc-style fingerprint table into fingerprints.
///
/// Header: `WAP001,…,WAPnnn,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,SPACEID,RELATIVEPOSITION,USERID,
/// PHONEID,TIMESTAMP`. A `WAPnnn` cell holds the RSSI in dBm (−104…0), or `100` for "not heard".
/// Access-point columns may instead be named by BSSID (`aa:bb:cc:dd:ee:ff`, stored in that
/// lower-case form): such fingerprints match live scans in `locate`, anonymised ones only each other.
/// LONGITUDE/LATITUDE are EPSG:3857 (Web Mercator) metres, converted here to WGS84 degrees;
/// TIMESTAMP is Unix seconds.
public struct FingerprintTableRowParser: Sendable {
    private let accessPointColumns: [(index: Int, name: String)]
    private let longitude: Int, latitude: Int, floor: Int?, building: Int?, timestamp: Int?
    private let minimumFieldCount: Int

    /// The value UJIIndoorLoc writes for an access point that was not heard.
    public static let notHeard = 100.0

    /// Whether `record` is a fingerprint-table header (`WAP001` and Mercator LONGITUDE/LATITUDE).
    public static func isHeader(_ record: CSVRecord) -> Bool {
        record.fields.contains("LONGITUDE") && record.fields.contains("LATITUDE")
            && (record.fields.contains("WAP001") || record.fields.contains { BSSID($0) != nil })
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` when no `WAP` column or no LONGITUDE/LATITUDE is present.
    public init(header: CSVRecord) throws(SurveyRowError) {
        let names = header.fields
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let accessPoints = names.enumerated().compactMap { column, name -> (index: Int, name: String)? in
            if name.hasPrefix("WAP") { return (column, name) }
            return BSSID(name).map { (column, $0.description) }
        }
        guard !accessPoints.isEmpty, let longitude = column("LONGITUDE"), let latitude = column("LATITUDE") else {
            throw SurveyRowError(reason: "not a fingerprint table header",
                                 detail: "header lacks WAP columns or LONGITUDE/LATITUDE")
        }
        accessPointColumns = accessPoints
        self.longitude = longitude
        self.latitude = latitude
        floor = column("FLOOR")
        building = column("BUILDINGID")
        timestamp = column("TIMESTAMP")
        minimumFieldCount = names.count
    }

    /// The fingerprint `record` describes.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let fields = record.fields
        if fields[longitude] == "LONGITUDE" {
            throw SurveyRowError(reason: SurveyRowError.repeatedHeaderReason, detail: "the header line appears again")
        }
        let x = try SurveyField.double(fields[longitude], column: "LONGITUDE")
        let y = try SurveyField.double(fields[latitude], column: "LATITUDE")
        let degrees = WebMercator.unproject(x: x, y: y)
        guard x.isFinite, y.isFinite, abs(x) <= WebMercator.extent, abs(y) <= WebMercator.extent,
            let position = Coordinate(validating: degrees.latitude, degrees.longitude)
        else {
            throw SurveyRowError(reason: SurveyRowError.invalidCoordinateReason, column: "LONGITUDE",
                                 detail: "(\(x), \(y)) is not an EPSG:3857 position")
        }
        var readings: [FingerprintReading] = []
        for (index, name) in accessPointColumns {
            let value = try SurveyField.double(fields[index], column: name)
            guard value != Self.notHeard else { continue }
            guard value.isFinite, value >= -120, value <= 0 else {
                throw SurveyRowError(reason: "invalid signal", column: name, detail: "\(name) \(value) dBm outside −120…0")
            }
            readings.append(FingerprintReading(accessPoint: name, signalStrength: value))
        }
        guard !readings.isEmpty else {
            throw SurveyRowError(reason: "no access point heard", detail: "every WAP column is \(Int(Self.notHeard))")
        }
        let floorNumber = try floor.map { index throws(SurveyRowError) in
            Int(try SurveyField.integer(fields[index], column: "FLOOR"))
        }
        let time = SurveyField.optionalDouble(timestamp.map { fields[$0] }).flatMap {
            $0 > 0 ? Date(timeIntervalSince1970: $0) : nil
        }
        return .fingerprint(Fingerprint(
            position: position, floor: floorNumber, building: building.map { fields[$0] }, time: time, readings: readings))
    }
}
