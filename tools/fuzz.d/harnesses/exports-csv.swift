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
    [KismetExportRowParser.deviceColumns.joined(separator: "\t")],
]

/// Other stumblers' exports: the CSV reader, the format detector, and ScanLogRowParser,
/// NeoStumblerRowParser, MicroGRowParser, KismetExportRowParser and LocalNLPRowParser over every row — each under the
/// file's own header when it reads it, else under each of the formats' real headers. The values
/// the database readers hand over go through the same pure code: each row's fields as a WiGLE
/// app `location`/`network` row (`WigleDatabaseRow`) and as a Kismet device's JSON (`KismetDevice`).
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
        if let parser = try? KismetExportRowParser(header: header) { parsers.append(parser.parse) }
        for parse in parsers {
            for record in rows { _ = try? parse(record) }
        }
    }
    _ = records.first.map(LocalNLPRowParser.isPreamble)
    let localNLP = LocalNLPRowParser()
    for record in rows { _ = try? localNLP.parse(record) }
    for record in records {
        let field = { (index: Int) in record[index] }
        let wigle = WigleDatabaseRow(
            bssid: field(0) ?? "", level: field(1).flatMap { Int64($0) }, latitude: field(2).flatMap(Double.init),
            longitude: field(3).flatMap(Double.init), accuracy: field(4).flatMap(Double.init),
            time: field(5).flatMap { Int64($0) }, ssid: field(6), type: field(7), capabilities: field(8))
        _ = try? wigle.parse()
        let device = KismetDevice(mac: field(0) ?? "", phy: "IEEE802.11", type: "Wi-Fi AP", json: record.fields.joined(separator: ","))
        _ = try? device.sighting(latitude: field(2).flatMap(Double.init) ?? 0, longitude: field(3).flatMap(Double.init) ?? 0,
                                 signal: field(1).flatMap(Double.init), time: field(5).flatMap(Double.init))
    }
    return 0
}
