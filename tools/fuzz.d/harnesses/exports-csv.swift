import PositioningCore
import SurveyFormats

private let fallbacks: [[String]] = [
    ["Latitude", "Longitude", "Altitude", "Speed", "Course", "Date", "Time (UTC)", "Satellites", "SSID", "Power",
     "Channel", "Encryption", "BSSID"],
    ["timestamp", "latitude", "longitude", "locationAccuracy", "locationAge", "speed", "macAddress", "wifiScanAge",
     "signalStrength", "ssid"],
    ["timestamp", "latitude", "longitude", "locationAccuracy", "locationAge", "speed", "cellId", "radioType", "mcc",
     "mnc", "lac", "psc", "signalStrength", "asu", "cellScanAge"],
    ["mac", "lat", "lon", "alt"],
    ["mcc", "mnc", "type", "lac", "cid", "psc", "lat", "lon", "alt"],
]

/// Other stumblers' exports: the CSV reader, the format detector, and ScanLogRowParser,
/// NeoStumblerRowParser, MicroGRowParser and LocalNLPRowParser over every row — each under the
/// file's own header when it reads it, else under each of the formats' real headers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let records = readRecords(bytes, maximumRecordLength: 512)
    let headers = (records.first.map { [$0] } ?? []) + fallbacks.map { CSVRecord(line: 0, fields: $0) }
    let rows = records.dropFirst()
    for header in headers {
        var parsers: [(CSVRecord) throws(SurveyRowError) -> SurveyRow] = []
        if let parser = try? ScanLogRowParser(header: header) { parsers.append(parser.parse) }
        if let parser = try? NeoStumblerRowParser(header: header) { parsers.append(parser.parse) }
        if let parser = try? MicroGRowParser(header: header) { parsers.append(parser.parse) }
        for parse in parsers {
            for record in rows { _ = try? parse(record) }
        }
    }
    _ = records.first.map(LocalNLPRowParser.isPreamble)
    let localNLP = LocalNLPRowParser()
    for record in rows { _ = try? localNLP.parse(record) }
    return 0
}
