import PositioningCore
import SurveyFormats

private let openCellIDColumns = [
    "radio", "mcc", "net", "area", "cell", "unit", "lon", "lat", "range", "samples", "changeable", "created",
    "updated", "averageSignal",
]

/// OpenCellID / MLS CSV: the CSV reader, the format detector and OpenCellIDRowParser over every row.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 512)
    let (headerRecord, firstRow) = header(
        in: records, isHeader: OpenCellIDRowParser.isHeader, fallback: openCellIDColumns)
    guard let parser = try? OpenCellIDRowParser(header: headerRecord) else { return 0 }
    for record in records.dropFirst(firstRow) { _ = try? parser.parse(record) }
    return 0
}
