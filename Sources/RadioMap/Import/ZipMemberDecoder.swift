internal import CZlib
import SurveyFormats

/// Decodes one ZIP member — stored, or raw deflate through zlib's `inflate` — and checks it
/// against its directory entry: exactly `uncompressedSize` bytes (never more: an archive cannot
/// make the import inflate past what it declared) whose CRC-32 is `crc32`.
final class ZipMemberDecoder: Decompressor {
    private let entry: ZipArchive.Entry
    /// Nil for a stored member.
    private let inflater: ZlibInflater?
    private var produced = 0
    private var checksum: UInt = 0
    private var ended = false

    init(entry: ZipArchive.Entry) throws(DecompressionError) {
        self.entry = entry
        inflater =
            entry.method == .deflated
            ? try ZlibInflater(.raw, failure: "zlib could not start a deflate decoder") : nil
    }

    private var shown: String { "ZIP member \"\(entry.name.prefix(60))\"" }

    func decompress(_ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard let inflater else {
            try deliver(input, body)
            return
        }
        guard !input.isEmpty else { return }
        guard !ended else { throw DecompressionError(reason: "corrupt \(shown): bytes after its deflate stream ends") }
        inflater.setInput(input)
        repeat {
            let step = inflater.inflateStep()
            guard !step.failed else {
                throw DecompressionError(reason: "corrupt \(shown): \(inflater.message(step.status))")
            }
            if step.endedStream { ended = true }
            try deliver(step.output, body)
            if ended {
                guard inflater.pendingInput == 0 else {
                    throw DecompressionError(reason: "corrupt \(shown): bytes after its deflate stream ends")
                }
                break
            }
            // zlib stops with output space left only when it needs more input.
            if step.output.isEmpty || step.leftOutputSpace && inflater.pendingInput == 0 { break }
        } while true
    }

    func finish(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if inflater != nil && !ended {
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
