internal import CZlib
import SurveyFormats

/// Decodes one ZIP member — stored, or raw deflate through zlib's `inflate` — and checks it
/// against its directory entry: exactly `uncompressedSize` bytes (never more: an archive cannot
/// make the import inflate past what it declared) whose CRC-32 is `crc32`.
final class ZipMemberDecoder: Decompressor {
    private let entry: ZipArchive.Entry
    // zlib checks that the stream keeps its address between calls, so it lives on the heap.
    private let stream: UnsafeMutablePointer<z_stream>?
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var produced = 0
    private var checksum: UInt = 0
    private var ended = false

    /// The corresponding C function is `inflateInit2` (for a deflated member).
    init(entry: ZipArchive.Entry) throws(DecompressionError) {
        self.entry = entry
        guard entry.method == .deflated else {
            stream = nil
            return
        }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_raw(stream) == Z_OK else {
            stream.deallocate()
            throw DecompressionError(reason: "zlib could not start a deflate decoder")
        }
        self.stream = stream
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
    }

    private var shown: String { "ZIP member \"\(entry.name.prefix(60))\"" }

    func decompress(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard let stream else {
            try deliver(input, body)
            return
        }
        guard let base = input.baseAddress, !input.isEmpty else { return }
        guard !ended else { throw DecompressionError(reason: "corrupt \(shown): bytes after its deflate stream ends") }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
        stream.pointee.avail_in = UInt32(input.count)
        repeat {
            let (status, count) = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(buffer.count)
                let status = inflate(stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: break
            case Z_STREAM_END: ended = true
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw DecompressionError(reason: "corrupt \(shown): \(message)")
            }
            if count > 0 {
                try output.withUnsafeBufferPointer { try deliver(UnsafeBufferPointer(rebasing: $0[0..<count]), body) }
            }
            if ended {
                guard stream.pointee.avail_in == 0 else {
                    throw DecompressionError(reason: "corrupt \(shown): bytes after its deflate stream ends")
                }
                break
            }
            // zlib stops with output space left only when it needs more input.
            if count == 0 || stream.pointee.avail_out > 0 && stream.pointee.avail_in == 0 { break }
        } while true
    }

    func finish(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if stream != nil && !ended {
            throw DecompressionError(reason: "truncated \(shown) (its deflate stream does not end)")
        }
        guard produced == entry.uncompressedSize else {
            throw DecompressionError(reason: "corrupt \(shown): \(produced) bytes, its directory says \(entry.uncompressedSize)")
        }
        guard UInt32(truncatingIfNeeded: checksum) == entry.crc32 else {
            throw DecompressionError(reason: "corrupt \(shown): CRC-32 mismatch")
        }
    }

    private func deliver(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard !bytes.isEmpty else { return }
        produced += bytes.count
        guard produced <= entry.uncompressedSize else {
            throw DecompressionError(reason: "corrupt \(shown): larger than the \(entry.uncompressedSize) bytes its directory says")
        }
        checksum = crc32(checksum, bytes.baseAddress, UInt32(bytes.count))
        try body(bytes)
    }
}
