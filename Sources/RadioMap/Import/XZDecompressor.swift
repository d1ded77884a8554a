internal import CLZMA

/// Decodes the .xz container with liblzma, including concatenated streams (`LZMA_CONCATENATED`).
final class XZDecompressor: Decompressor {
    private let stream: UnsafeMutablePointer<lzma_stream>
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var ended = false

    /// Decoder memory is capped so a hostile header cannot ask for gigabytes (xz -9 needs 65 MiB).
    private static let memoryLimit: UInt64 = 128 << 20

    /// The corresponding C function is `lzma_stream_decoder`.
    ///
    /// Throws before `stream` is set: a class whose initialiser throws after every property is
    /// set runs its `deinit`, which would free the stream a second time.
    init() throws(DecompressionError) {
        let stream = UnsafeMutablePointer<lzma_stream>.allocate(capacity: 1)
        stream.initialize(to: clzma_stream_init())
        guard lzma_stream_decoder(stream, Self.memoryLimit, clzma_concatenated()) == LZMA_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw DecompressionError(reason: "liblzma could not start an xz decoder")
        }
        self.stream = stream
    }

    deinit {
        lzma_end(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func decompress(
        _ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.pointee.next_in = base
        stream.pointee.avail_in = input.count
        try run(LZMA_RUN, body)
    }

    func finish(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        // With LZMA_CONCATENATED the decoder reports the end only once told no more input comes.
        try run(LZMA_FINISH, output)
        guard ended else { throw DecompressionError(reason: "truncated xz stream") }
    }

    private func run(_ action: lzma_action, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        while !ended {
            let (status, produced) = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = buffer.count
                let status = lzma_code(stream, action)
                return (status, buffer.count - stream.pointee.avail_out)
            }
            if produced > 0 {
                try output.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<produced])) }
            }
            switch status {
            case LZMA_OK:
                // More input needed once liblzma has consumed it all and filled no whole buffer.
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case LZMA_STREAM_END:
                ended = true
            case LZMA_BUF_ERROR:
                if action == LZMA_FINISH { throw DecompressionError(reason: "truncated xz stream") }
                return
            case LZMA_MEMLIMIT_ERROR:
                throw DecompressionError(reason: "xz stream needs more than 128 MiB to decode")
            case LZMA_FORMAT_ERROR:
                throw DecompressionError(reason: "corrupt xz stream: not in the .xz format")
            case LZMA_DATA_ERROR:
                throw DecompressionError(reason: "corrupt xz stream: compressed data is corrupt")
            default:
                throw DecompressionError(reason: "corrupt xz stream (liblzma status \(status.rawValue))")
            }
        }
    }
}
