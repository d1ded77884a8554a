internal import CZlib

/// One zlib `inflate` stream, owned: the decoding step the gzip and ZIP decoders share.
///
/// Each decoder keeps its own framing rules (gzip's concatenated members, a ZIP member's size
/// and CRC-32); this type only feeds input, runs `inflate` into its output buffer and says what
/// zlib answered.
final class ZlibInflater {
    /// The framing zlib expects around the deflate data.
    enum Wrapper {
        /// The gzip header and trailer (RFC 1952).
        case gzip
        /// No wrapper at all: raw deflate (RFC 1951), as ZIP members hold it.
        case raw
    }

    /// What one `inflate` call did.
    struct Step {
        /// zlib's status: `Z_OK`, `Z_BUF_ERROR` (no progress possible), `Z_STREAM_END` or an error.
        let status: Int32
        /// The decoded bytes, valid until the next call.
        let output: UnsafeBufferPointer<UInt8>
        /// Whether zlib stopped before filling the output buffer (it wants input, or the stream ended).
        let leftOutputSpace: Bool

        var endedStream: Bool { status == Z_STREAM_END }
        var needsMoreInput: Bool { status == Z_BUF_ERROR }
        var failed: Bool { status != Z_OK && status != Z_BUF_ERROR && status != Z_STREAM_END }
    }

    // zlib checks that the stream keeps its address between calls, so it lives on the heap.
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableBufferPointer<UInt8>

    /// The corresponding C function is `inflateInit2`.
    ///
    /// Throws before any property is set, so a failed start frees only what it allocated (a
    /// class whose initialiser throws after every property is set runs its `deinit`).
    init(_ wrapper: Wrapper, failure: String) throws(DecompressionError) {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status =
            switch wrapper {
            case .gzip: czlib_inflate_init_gzip(stream)
            case .raw: czlib_inflate_init_raw(stream)
            }
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw DecompressionError(reason: failure)
        }
        self.stream = stream
        output = .allocate(capacity: 1 << 18)
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Input zlib has not consumed yet.
    var pendingInput: Int { Int(stream.pointee.avail_in) }

    /// Hands `input` to zlib; it must stay valid until `pendingInput` is 0 or `setInput` is called again.
    func setInput(_ input: UnsafeBufferPointer<UInt8>) {
        stream.pointee.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
        stream.pointee.avail_in = UInt32(input.count)
    }

    /// Runs `inflate` once into the output buffer. The corresponding C function is `inflate`.
    func inflateStep() -> Step {
        stream.pointee.next_out = output.baseAddress
        stream.pointee.avail_out = UInt32(output.count)
        let status = inflate(stream, Z_NO_FLUSH)
        let produced = output.count - Int(stream.pointee.avail_out)
        return Step(
            status: status, output: UnsafeBufferPointer(rebasing: output[0..<produced]),
            leftOutputSpace: produced < output.count)
    }

    /// Starts a new stream after one ended, keeping the pending input. The corresponding C
    /// function is `inflateReset`.
    func reset() -> Bool { inflateReset(stream) == Z_OK }

    /// zlib's message for a failed step, or its status code.
    func message(_ status: Int32) -> String {
        stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
    }
}
