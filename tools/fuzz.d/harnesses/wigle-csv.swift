import PositioningCore
import SurveyFormats

private let wigleColumns = [
    "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
    "AltitudeMeters", "AccuracyMeters", "Type",
]

/// WiGLE CSV: the CSV reader, the format detector, WigleRowParser over every row, and the
/// timestamp parser over every field (it also meets Excel-resaved dates).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 512)
    let (headerRecord, firstRow) = header(in: records, isHeader: WigleRowParser.isHeader, fallback: wigleColumns)
    _ = try? WigleRowParser(header: headerRecord)
    guard let parser = try? WigleRowParser(header: headerRecord) else { return 0 }
    for record in records.dropFirst(firstRow) {
        _ = try? parser.parse(record)
        for field in record.fields.prefix(12) { _ = WigleTimestamp.parse(field) }
    }
    return 0
}
