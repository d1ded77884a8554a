import Foundation
import SurveyFormats
import SystemSupport

/// A survey CSV read a chunk at a time through `CSVRecordReader`, past its header: memory stays
/// bounded by the chunk size and the longest record, whatever the file's size.
///
/// A plain WiGLE export starts with its `WigleWifi-1.4,appRelease=…` line; the header follows.
final class SurveyCSVFile {
    /// The header's column positions by name.
    private(set) var columns: [String: Int] = [:]
    /// The most input bytes held at once (the reader's unread part and one chunk), so far.
    private(set) var peakBufferedBytes = 0

    private let path: String
    private let descriptor: FileDescriptor
    private var reader = CSVRecordReader()
    private var chunk: [UInt8]
    private var atEnd = false

    /// Opens `path` and reads its header (the corresponding C function is `open`).
    init(path: String, chunkSize: Int = 1 << 20) throws(SurveySplitError) {
        precondition(chunkSize > 0, "SurveyCSVFile needs a positive chunk size")
        let raw = open(path, O_RDONLY | O_CLOEXEC)
        guard raw >= 0 else { throw .unreadable(path: path) }
        self.path = path
        descriptor = FileDescriptor(rawValue: raw)
        chunk = [UInt8](repeating: 0, count: chunkSize)
        var first = try nextRecord()
        if first?.fields.first?.hasPrefix("WigleWifi") == true { first = try nextRecord() }
        guard let header = first?.fields else { throw .empty(path: path) }
        for (position, name) in header.enumerated() { columns[name] = position }
    }

    deinit { close(descriptor.rawValue) }

    /// The next record, blank lines included; nil at the end of the file.
    func nextRecord() throws(SurveySplitError) -> CSVRecord? {
        while true {
            if let record = reader.nextRecord() { return record }
            if atEnd { return nil }
            let count: Int
            do {
                count = try descriptor.read(into: &chunk)
            } catch {
                throw .unreadable(path: path)
            }
            if count == 0 {
                atEnd = true
                reader.finish()
            } else {
                reader.append(chunk[0..<count])
                peakBufferedBytes = max(peakBufferedBytes, reader.bufferedByteCount + chunk.count)
            }
        }
    }
}
