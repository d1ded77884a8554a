import PositioningCore
import SurveyFormats

/// Reads `bytes` as a CSV file the way the importer does — incrementally, in chunks whose size
/// the first byte chooses (1…32 × `chunkScale` bytes) — so the fuzzer also explores records
/// split across `append` calls. Tables with kilobyte-long rows pass a larger `chunkScale`: the
/// reader rescans a record from its start after each chunk, so tiny chunks of long rows would
/// spend the run rescanning.
func readRecords(_ bytes: UnsafeBufferPointer<UInt8>, maximumRecordLength: Int, chunkScale: Int = 1) -> [CSVRecord] {
    var reader = CSVRecordReader(maximumRecordLength: maximumRecordLength)
    var records: [CSVRecord] = []
    let chunk = (bytes.isEmpty ? 1 : Int(bytes[0] % 32) + 1) * chunkScale
    var start = 0
    while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        reader.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        while let record = reader.nextRecord() { records.append(record) }
        start = end
    }
    reader.finish()
    while let record = reader.nextRecord() { records.append(record) }
    // What the importer does before choosing a row parser.
    _ = SurveyFormatDetector.looksBinary(bytes)
    if let first = records.first {
        _ = try? SurveyFormatDetector.detect(first: first, second: records.dropFirst().first)
    }
    return records
}

/// The header the file gives among its first two records, or `fallback`, so that inputs whose
/// header the fuzzer has mangled still reach the row parser.
func header(in records: [CSVRecord], isHeader: (CSVRecord) -> Bool, fallback: [String]) -> (CSVRecord, Int) {
    for (index, record) in records.prefix(2).enumerated() where isHeader(record) {
        return (record, index + 1)
    }
    return (CSVRecord(line: 0, fields: fallback), 0)
}
