import PositioningCore
import SurveyFormats

private let fingerprintColumns = (1...8).map { "WAP00\($0)" } + [
    "LONGITUDE", "LATITUDE", "FLOOR", "BUILDINGID", "SPACEID", "RELATIVEPOSITION", "USERID", "PHONEID", "TIMESTAMP",
]

/// UJIIndoorLoc fingerprint tables: the CSV reader, the format detector and
/// FingerprintTableRowParser over every row (Web Mercator conversion, `100` = not heard).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 8192, chunkScale: 128)
    let (headerRecord, firstRow) = header(
        in: records, isHeader: FingerprintTableRowParser.isHeader, fallback: fingerprintColumns)
    guard let parser = try? FingerprintTableRowParser(header: headerRecord) else { return 0 }
    for record in records.dropFirst(firstRow) { _ = try? parser.parse(record) }
    return 0
}
