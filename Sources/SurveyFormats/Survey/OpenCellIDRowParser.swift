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
        return Self.row(identity: identity, position: position,
                        range: SurveyField.optionalDouble(range.flatMap { record[$0] }),
                        samples: SurveyField.optionalDouble(samples.flatMap { record[$0] }),
                        created: SurveyField.optionalDouble(created.flatMap { record[$0] }),
                        updated: SurveyField.optionalDouble(updated.flatMap { record[$0] }))
    }

    /// The row of a cell, from its columns' values (nil: empty or not a finite number).
    private static func row(identity: CellIdentity, position: Coordinate, range: Double?, samples: Double?,
                            created: Double?, updated: Double?) -> SurveyRow {
        // Clamped before the conversion: `Int(_:)` traps on a value beyond Int's range (`1e300`).
        let sampleCount = samples.map { Int(min(max($0, 1), 1e9)) } ?? 1
        func time(_ seconds: Double?) -> Date? { seconds.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil } }
        return .publishedCell(KnownCell(
            identity: identity, coordinate: position, radius: range.flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultRange,
            sampleCount: sampleCount, firstSeen: time(created), lastSeen: time(updated)))
    }
}

extension OpenCellIDRowParser {
    /// The cell of an unquoted line read as bytes, without a `String` per field — or nil, for
    /// ``parse(_:)`` to read the line, when it is anything but a good row in the plain shape the
    /// exporters write: every number `-?digits[.digits]`, every byte ASCII, no quote. Nil is not
    /// a verdict: the record parser gives the row or its rejection, so both paths agree.
    public func parsePlainLine(_ line: UnsafeBufferPointer<UInt8>) -> SurveyRow? {
        var starts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &starts) { raw -> SurveyRow? in
            let fieldStarts = raw.bindMemory(to: Int.self)
            // Field i spans fieldStarts[i] ..< fieldStarts[i + 1] - 1 (the last ends at the line's end).
            var count = 1
            for index in 0..<line.count {
                let byte = line[index]
                if byte == UInt8(ascii: ",") {
                    guard count < fieldStarts.count - 1 else { return nil }
                    fieldStarts[count] = index + 1
                    count += 1
                } else if byte == UInt8(ascii: "\"") || byte >= 0x80 {
                    return nil
                }
            }
            guard count >= minimumFieldCount else { return nil }
            func field(_ column: Int) -> UnsafeBufferPointer<UInt8> {
                let end = column + 1 < count ? fieldStarts[column + 1] - 1 : line.count
                return UnsafeBufferPointer(rebasing: line[fieldStarts[column]..<end])
            }
            func optional(_ column: Int?) -> Double?? {
                guard let column, column < count else { return .some(nil) }
                let bytes = field(column)
                if bytes.isEmpty { return .some(nil) }
                return PlainNumber.double(bytes).map { $0 }
            }
            guard let radioType = RadioType(name: String(decoding: field(radio), as: UTF8.self)),
                let mccValue = PlainNumber.integer(field(mcc)), let netValue = PlainNumber.integer(field(net)),
                let areaValue = PlainNumber.integer(field(area)), let cellValue = PlainNumber.integer(field(cell)),
                let latitudeValue = PlainNumber.double(field(latitude)),
                let longitudeValue = PlainNumber.double(field(longitude)),
                abs(latitudeValue) <= 90, abs(longitudeValue) <= 180,
                let position = Coordinate(validating: latitudeValue, longitudeValue),
                let identity = try? CellIdentity(radio: radioType, mcc: Int(mccValue), mnc: Int(netValue),
                                                 area: Int(areaValue), cellID: cellValue),
                let rangeValue = optional(range), let samplesValue = optional(samples),
                let createdValue = optional(created), let updatedValue = optional(updated)
            else { return nil }
            return Self.row(identity: identity, position: position, range: rangeValue, samples: samplesValue,
                            created: createdValue, updated: updatedValue)
        }
    }
}
