import Foundation
import PositioningCore

/// Turns the rows of an OpenCellID / Mozilla Location Service cell export into cells.
///
/// Header: `radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,
/// averageSignal` — note longitude *before* latitude. `UMTS` is WCDMA. Columns are found by
/// name; `range` is the publisher's coverage radius in metres, `created`/`updated` Unix seconds.
public struct OpenCellIDRowParser: Sendable {
    private let radio: Int, mcc: Int, net: Int, area: Int, cell: Int, longitude: Int, latitude: Int
    private let range: Int?, samples: Int?, created: Int?, updated: Int?
    private let minimumFieldCount: Int

    /// The radius given to cells whose `range` is missing or 0 (OpenCellID's own default).
    public static let defaultRange = 1_000.0

    /// Whether `record` is an OpenCellID/MLS header.
    public static func isHeader(_ record: CSVRecord) -> Bool {
        let names = Set(record.fields.map { $0.lowercased() })
        return ["radio", "mcc", "net", "area", "cell", "lon", "lat"].allSatisfy(names.contains)
    }

    /// The columns of files published without a header line (OpenCellID's full exports, MLS).
    public static let standardHeader = CSVRecord(line: 0, fields: [
        "radio", "mcc", "net", "area", "cell", "unit", "lon", "lat", "range", "samples", "changeable", "created",
        "updated", "averageSignal"])

    /// Whether `record` has the shape of a headerless OpenCellID row: 13 or 14 fields, a radio
    /// name, then MCC, net, area and cell as integers.
    public static func looksLikeRow(_ record: CSVRecord) -> Bool {
        let fields = record.fields
        guard fields.count == 13 || fields.count == 14, RadioType(name: fields[0]) != nil else { return false }
        return fields[1...4].allSatisfy { Int64($0) != nil }
    }

    /// Creates a parser for the columns `header` names.
    /// - Throws: `SurveyRowError` when a required column is missing.
    public init(header: CSVRecord) throws(SurveyRowError) {
        let names = header.fields.map { $0.lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let radio = column("radio"), let mcc = column("mcc"), let net = column("net"),
            let area = column("area"), let cell = column("cell"), let longitude = column("lon"),
            let latitude = column("lat")
        else {
            throw SurveyRowError(reason: "not an OpenCellID header",
                                 detail: "header lacks one of radio, mcc, net, area, cell, lon, lat")
        }
        (self.radio, self.mcc, self.net, self.area, self.cell) = (radio, mcc, net, area, cell)
        (self.longitude, self.latitude) = (longitude, latitude)
        range = column("range")
        samples = column("samples")
        created = column("created")
        updated = column("updated")
        minimumFieldCount = [radio, mcc, net, area, cell, longitude, latitude].max()! + 1
    }

    /// The cell `record` describes.
    /// - Throws: `SurveyRowError` with the rejection reason and the column at fault.
    public func parse(_ record: CSVRecord) throws(SurveyRowError) -> SurveyRow {
        try record.requireFields(minimumFieldCount)
        let fields = record.fields
        guard let radioType = RadioType(name: fields[radio]) else {
            if fields[radio].lowercased() == "radio" {
                throw SurveyRowError(reason: SurveyRowError.repeatedHeaderReason, column: "radio",
                                     detail: "the header line appears again")
            }
            throw SurveyRowError(reason: "unknown radio", column: "radio",
                                 detail: "unknown radio \"\(fields[radio].prefix(20))\"")
        }
        let identity: CellIdentity
        do {
            identity = try CellIdentity(
                radio: radioType, mcc: Int(try SurveyField.integer(fields[mcc], column: "mcc")),
                mnc: Int(try SurveyField.integer(fields[net], column: "net")),
                area: Int(try SurveyField.integer(fields[area], column: "area")),
                cellID: try SurveyField.integer(fields[cell], column: "cell"))
        } catch let error as SurveyRowError {
            throw error
        } catch let error as CellIdentity.Invalid {
            throw SurveyRowError(reason: "invalid cell identity", column: "cell", detail: error.reason)
        } catch {
            throw SurveyRowError(reason: "invalid cell identity", detail: "\(error)")
        }
        let position = try SurveyField.coordinate(
            latitude: fields[latitude], longitude: fields[longitude], latitudeColumn: "lat", longitudeColumn: "lon")
        let radius = SurveyField.optionalDouble(range.flatMap { record[$0] }).flatMap { $0 > 0 ? $0 : nil }
        // Clamped before the conversion: `Int(_:)` traps on a value beyond Int's range (`1e300`).
        let sampleCount = SurveyField.optionalDouble(samples.flatMap { record[$0] })
            .map { Int(min(max($0, 1), 1e9)) } ?? 1
        func time(_ column: Int?) -> Date? {
            SurveyField.optionalDouble(column.flatMap { record[$0] }).flatMap {
                $0 > 0 ? Date(timeIntervalSince1970: $0) : nil
            }
        }
        return .publishedCell(KnownCell(
            identity: identity, coordinate: position, radius: radius ?? Self.defaultRange,
            sampleCount: sampleCount, firstSeen: time(created), lastSeen: time(updated)))
    }
}
