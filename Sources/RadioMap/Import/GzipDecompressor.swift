internal import CZlib

/// Decodes gzip (RFC 1952) with zlib's `inflate`, including files of several concatenated
/// members (what `cat a.gz b.gz` and `pigz` produce).
final class GzipDecompressor: Decompressor {
    // zlib checks that the stream keeps its address between calls, so it lives on the heap.
    private let stream: UnsafeMutablePointer<z_stream>
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var memberEnded = false
    private var sawInput = false

    /// The corresponding C function is `inflateInit2`.
    init() throws(DecompressionError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            throw DecompressionError(reason: "zlib could not start a gzip decoder")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func decompress(
        _ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        sawInput = true
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base)
        stream.pointee.avail_in = UInt32(input.count)
        while stream.pointee.avail_in > 0 {
            if memberEnded {
                // Another member follows the previous one's trailer.
                guard inflateReset(stream) == Z_OK else { throw DecompressionError(reason: "corrupt gzip stream") }
                memberEnded = false
            }
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(buffer.count)
                let status = inflate(stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: break
            case Z_STREAM_END: memberEnded = true
            default: throw DecompressionError(reason: "corrupt gzip stream: \(message(status))")
            }
            if produced > 0 {
                try output.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<produced])) }
            } else if status == Z_BUF_ERROR {
                break
            }
        }
        // Drain output zlib still holds for input already consumed.
        while !memberEnded {
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(buffer.count)
                let status = inflate(stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            if status == Z_STREAM_END { memberEnded = true }
            else if status != Z_OK && status != Z_BUF_ERROR {
                throw DecompressionError(reason: "corrupt gzip stream: \(message(status))")
            }
            guard produced > 0 else { break }
            try output.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<produced])) }
        }
    }

    func finish(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard sawInput, memberEnded else {
            throw DecompressionError(reason: "truncated gzip stream (it ends before its trailer)")
        }
    }

    private func message(_ status: Int32) -> String {
        if let text = stream.pointee.msg { return String(cString: text) }
        return "zlib error \(status)"
    }
}
