import Foundation
import PositioningCore
import SystemSupport

/// Access-point sightings spilled in sorted runs to a scratch file, and merged back in key
/// order at the end of an import.
///
/// `ap_observations` is clustered by BSSID, and survey files list sightings in time order,
/// i.e. random BSSIDs. Written batch by batch, every batch lands on most of the table's pages
/// once the table outgrows the page cache, so the import slows as the map grows (10 M WiGLE
/// rows: 52.6 s, against 22.6 s for the same file sorted by BSSID). Spilled as sorted runs and
/// merged, the sightings reach the table in one ordered pass that writes each page once.
///
/// The scratch file lives beside the radio map, where there is room for the sightings anyway.
/// It is created readable only by its owner and unlinked at once: it holds positions and
/// BSSIDs, and nothing is left behind when the import ends or the process dies.
///
/// ```swift
/// let runs = try SightingRuns(directory: "/home/me/.local/share/whereabouts")
/// try runs.append(sortedBatch)                       // each run sorted by (bssid, line)
/// try runs.merge(batchSize: 8_192) { batch in try insert(batch) }
/// ```
final class SightingRuns {
    private let descriptor: Int32
    private var runs: [(offset: Int64, length: Int64)] = []
    private var end: Int64 = 0
    private var encoded: [UInt8] = []

    /// Where the scratch file is (the map's directory).
    private let directory: String
    /// Sightings spilled so far.
    private(set) var rowCount = 0

    /// Creates the scratch file in `directory`.
    init(directory: String) throws(ImportError) {
        var template = Array((directory as NSString).appendingPathComponent(".whereabouts-import-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Self.failure("cannot create it in \(directory)", in: directory) }
        self.directory = directory
        // mkstemp creates it 0600; unlinked, it lives only as long as this descriptor.
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes one run: `rows` in (bssid, line) order, through a buffer of about 1 MiB.
    func append(_ rows: some Sequence<PendingObservation>) throws(ImportError) {
        let start = end
        for row in rows {
            Record.encode(row, into: &encoded)
            rowCount += 1
            if encoded.count >= Self.writeBuffer { try writeEncoded() }
        }
        try writeEncoded()
        runs.append((start, end - start))
    }

    private static let writeBuffer = 1 << 20

    private func writeEncoded() throws(ImportError) {
        try write(encoded, at: end)
        end += Int64(encoded.count)
        encoded.removeAll(keepingCapacity: true)
    }

    /// Reads every run back, merged into one sequence in (bssid, line) order, and hands it to
    /// `body` in batches of up to `batchSize`. Rows with the same key keep their spilling order.
    func merge(batchSize: Int, _ body: ([PendingObservation]) throws -> Void) throws {
        // A few MiB of read buffers in all, however many runs there are.
        let chunk = max(16 << 10, min(1 << 20, (4 << 20) / max(1, runs.count)))
        var readers = runs.map { RunReader(offset: $0.offset, end: $0.offset + $0.length, chunk: chunk) }
        var heads = MergeHeap()
        for index in readers.indices {
            if let row = try readers[index].next(from: descriptor) { heads.push(row, run: index) }
        }
        var batch: [PendingObservation] = []
        batch.reserveCapacity(batchSize)
        while let (row, run) = heads.pop() {
            batch.append(row)
            if batch.count == batchSize {
                try body(batch)
                batch.removeAll(keepingCapacity: true)
            }
            if let next = try readers[run].next(from: descriptor) { heads.push(next, run: run) }
        }
        if !batch.isEmpty { try body(batch) }
    }

    private func write(_ bytes: [UInt8], at offset: Int64) throws(ImportError) {
        do throws(Errno) {
            try FileDescriptor(rawValue: descriptor).writeAll(toAbsoluteOffset: offset, bytes)
        } catch {
            throw Self.failure("cannot write it", error, in: directory)
        }
    }

    fileprivate static func failure(_ what: String, _ error: Errno = .current, in scratchDirectory: String? = nil) -> ImportError {
        // The scratch file lives beside the map, on the same disk: a full disk says so.
        if error.rawValue == ENOSPC || error.rawValue == EDQUOT, let directory = scratchDirectory {
            return .database(.diskFull(path: directory, disk: FileSystemLocation.mountPoint(of: directory)))
        }
        return .scratchFile(reason: "\(what): \(error)")
    }
}

/// One sighting as bytes: its length, then BSSID, line, latitude and longitude, a byte saying
/// which of accuracy, signal, time and SSID follow, and those. Integers little-endian, doubles
/// as their bit patterns; the SSID in UTF-8, to the record's end.
private enum Record {
    private static let (accuracy, signal, time, ssid): (UInt8, UInt8, UInt8, UInt8) = (1, 2, 4, 8)

    static func encode(_ row: PendingObservation, into bytes: inout [UInt8]) {
        let start = bytes.count
        let seen = row.seen
        append(UInt32(0), to: &bytes)  // the length, filled in below
        append(row.bssid, to: &bytes)
        append(UInt64(bitPattern: Int64(row.line)), to: &bytes)
        append(seen.position.latitude.bitPattern, to: &bytes)
        append(seen.position.longitude.bitPattern, to: &bytes)
        var flags: UInt8 = 0
        if seen.positionAccuracy != nil { flags |= accuracy }
        if seen.signalStrength != nil { flags |= signal }
        if seen.time != nil { flags |= time }
        if seen.ssid != nil { flags |= ssid }
        bytes.append(flags)
        if let value = seen.positionAccuracy { append(value.bitPattern, to: &bytes) }
        if let value = seen.signalStrength { append(value.bitPattern, to: &bytes) }
        if let value = seen.time { append(value.timeIntervalSince1970.bitPattern, to: &bytes) }
        if let value = seen.ssid { bytes.append(contentsOf: value.utf8) }
        let length = UInt32(bytes.count - start)
        for index in 0..<4 { bytes[start + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
    }

    /// The length a record starting at `bytes`' start declares.
    static func length(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
    }

    /// The sighting in `bytes`: one whole record, its length included.
    static func decode(_ bytes: ArraySlice<UInt8>) -> PendingObservation {
        bytes.withUnsafeBytes { raw in
            var offset = 4
            func double() -> Double {
                defer { offset += 8 }
                return Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            }
            let bssid = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
            let line = Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: Int64.self)))
            offset = 20
            let position = Coordinate(latitude: double(), longitude: double())
            let flags = raw[offset]
            offset += 1
            var seen = SurveyObservation(position: position)
            if flags & accuracy != 0 { seen.positionAccuracy = double() }
            if flags & signal != 0 { seen.signalStrength = double() }
            if flags & time != 0 { seen.time = Date(timeIntervalSince1970: double()) }
            if flags & ssid != 0 { seen.ssid = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset...]), as: UTF8.self) }
            return PendingObservation(bssid: bssid, line: line, seen: seen)
        }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// Reads one run's records through a buffer of its own.
private struct RunReader {
    private var offset: Int64
    private let end: Int64
    private let chunk: Int
    private var buffer: [UInt8] = []
    private var position = 0

    init(offset: Int64, end: Int64, chunk: Int) {
        (self.offset, self.end, self.chunk) = (offset, end, chunk)
    }

    /// The run's next sighting, or nil at its end.
    mutating func next(from descriptor: Int32) throws(ImportError) -> PendingObservation? {
        guard try fill(4, from: descriptor) else {
            guard position == buffer.count else { throw ImportError.scratchFile(reason: "it ends inside a record") }
            return nil
        }
        let length = Record.length(buffer[position...])
        guard try fill(length, from: descriptor) else { throw ImportError.scratchFile(reason: "it ends inside a record") }
        defer { position += length }
        return Record.decode(buffer[position..<position + length])
    }

    /// Makes sure `count` unread bytes are buffered; false at the run's end.
    private mutating func fill(_ count: Int, from descriptor: Int32) throws(ImportError) -> Bool {
        guard buffer.count - position < count else { return true }
        buffer.removeSubrange(0..<position)
        position = 0
        let wanted = Int(min(Int64(max(chunk, count)), end - offset))
        guard wanted > 0 else { return false }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: wanted))
        var read = 0
        while read < wanted {
            let result: Int
            do throws(Errno) {
                result = try FileDescriptor(rawValue: descriptor).read(
                    fromAbsoluteOffset: offset + Int64(read), into: &buffer, at: old + read, count: wanted - read)
            } catch {
                throw SightingRuns.failure("cannot read it back", error)
            }
            guard result > 0 else { throw SightingRuns.failure("cannot read it back") }
            read += result
        }
        offset += Int64(wanted)
        return buffer.count >= count
    }
}

/// The head sighting of each run, smallest (bssid, line, run) on top.
private struct MergeHeap {
    private var items: [(row: PendingObservation, run: Int)] = []

    private func less(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (items[a], items[b])
        return (x.row.bssid, x.row.line, x.run) < (y.row.bssid, y.row.line, y.run)
    }

    mutating func push(_ row: PendingObservation, run: Int) {
        items.append((row, run))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (PendingObservation, Int)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var smallest = parent
            if left < items.count && less(left, smallest) { smallest = left }
            if right < items.count && less(right, smallest) { smallest = right }
            guard smallest != parent else { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return (top.row, top.run)
    }
}
