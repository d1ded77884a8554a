import PositioningCore
import SurveyFormats

private let accessPointListColumns = ["ssid", "bssid", "encryption", "vendor", "longitude", "latitude"]

/// Access-point lists: the CSV reader, the format detector and AccessPointListRowParser over
/// every row (columns found by name, so mangled headers also reach the header logic).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 512)
    let (headerRecord, firstRow) = header(
        in: records, isHeader: AccessPointListRowParser.isHeader, fallback: accessPointListColumns)
    guard let parser = try? AccessPointListRowParser(header: headerRecord) else { return 0 }
    for record in records.dropFirst(firstRow) { _ = try? parser.parse(record) }
    return 0
}
