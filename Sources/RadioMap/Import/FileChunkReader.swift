import Foundation
import SystemSupport

/// Reads a file front to back in fixed-size chunks, closing it in `deinit` — or bytes already
/// in memory, the same way.
final class FileChunkReader {
    private let descriptor: Int32
    private var chunk: [UInt8]
    /// The content when it is in memory (then `descriptor` is -1).
    private let memory: [UInt8]?
    /// The file's size when opened.
    let size: Int64
    /// Bytes read so far.
    private(set) var bytesRead: Int64 = 0
    /// Where in the file the bytes read start when only a range of it is read (a ZIP member).
    private let rangeStart: Int64?

    /// Opens `path` for reading (the corresponding C function is `open`).
    init(path: String, chunkSize: Int = 1 << 20) throws(ImportError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ImportError.unreadable(path: path, reason: "not a regular file")
        }
        size = Int64(status.st_size)
        chunk = [UInt8](repeating: 0, count: chunkSize)
        memory = nil
        rangeStart = nil
    }

    /// Reads only `length` bytes of `path` from `offset` (a ZIP member's compressed bytes), as
    /// if they were a whole file; the corresponding C function is `pread`.
    init(path: String, offset: Int64, length: Int64, chunkSize: Int = 1 << 20) throws(ImportError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        rangeStart = offset
        size = length
        chunk = [UInt8](repeating: 0, count: chunkSize)
        memory = nil
    }

    /// Reads `bytes` as if they were a file's, in one chunk.
    init(bytes: [UInt8]) {
        descriptor = -1
        chunk = []
        memory = bytes
        size = Int64(bytes.count)
        rangeStart = nil
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Calls `body` with the next chunk; returns false at the end of the file.
    func readChunk(path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        if let memory {
            guard bytesRead < size else { return false }
            bytesRead = size
            try memory.withUnsafeBufferPointer { try body($0) }
            return true
        }
        let count: Int
        do throws(Errno) {
            if let rangeStart {
                guard bytesRead < size else { return false }
                let wanted = Int(min(Int64(chunk.count), size - bytesRead))
                let offset = rangeStart + bytesRead
                let result: Result<Int, Errno> = chunk.withUnsafeMutableBytes { buffer in
                    do throws(Errno) {
                        return .success(try FileDescriptor(rawValue: descriptor).read(
                            fromAbsoluteOffset: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted])))
                    } catch {
                        return .failure(error)
                    }
                }
                count = try result.get()
                // The range was checked against the file's size: it shrank meanwhile.
                guard count > 0 else { throw Errno(rawValue: EIO) }
            } else {
                count = try FileDescriptor(rawValue: descriptor).read(into: &chunk)
            }
        } catch {
            throw ImportError.unreadable(path: path, reason: error.description)
        }
        guard count > 0 else { return false }
        bytesRead += Int64(count)
        try chunk.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        return true
    }

    /// Starts again from the first byte.
    func rewind() {
        if descriptor >= 0 { lseek(descriptor, 0, SEEK_SET) }
        bytesRead = 0
    }
}
