import PositioningCore
import SurveyFormats

private let wigleColumns = [
    "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
    "AltitudeMeters", "AccuracyMeters", "Type",
]

/// WiGLE CSV: the CSV reader, the format detector, WigleRowParser over every row (rows with more
/// fields than the header go through its repair), and the timestamp, unknown-time-marker and
/// clock parsers over every field (they also meet Excel-resaved dates).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 512)
    let (headerRecord, firstRow) = header(in: records, isHeader: WigleRowParser.isHeader, fallback: wigleColumns)
    _ = try? WigleRowParser(header: headerRecord)
    guard var parser = try? WigleRowParser(header: headerRecord) else { return 0 }
    let rows = records.dropFirst(firstRow)
    parser.localTimeZone = WigleClock.zone(
        preHeader: records.first, firstSeen: rows.prefix(50).compactMap(parser.firstSeenText), given: nil)
    parser.decodesOctalEscapes = records.first.map(WigleClock.isKismet) ?? false
    for record in rows {
        _ = try? parser.parse(record)
        for field in record.fields.prefix(12) {
            _ = WigleTimestamp.parse(field)
            _ = WigleTimestamp.unknownTimeOffset(field)
        }
    }
    return 0
}
