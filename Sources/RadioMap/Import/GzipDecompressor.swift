/// Decodes gzip (RFC 1952) with zlib's `inflate`, including files of several concatenated
/// members (what `cat a.gz b.gz` and `pigz` produce).
final class GzipDecompressor: Decompressor {
    private let inflater: ZlibInflater
    private var memberEnded = false
    private var sawInput = false

    init() throws(DecompressionError) {
        inflater = try ZlibInflater(.gzip, failure: "zlib could not start a gzip decoder")
    }

    func decompress(
        _ input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        guard !input.isEmpty else { return }
        sawInput = true
        inflater.setInput(input)
        while inflater.pendingInput > 0 {
            if memberEnded {
                // Another member follows the previous one's trailer.
                guard inflater.reset() else { throw DecompressionError(reason: "corrupt gzip stream") }
                memberEnded = false
            }
            let step = try checked(inflater.inflateStep())
            if !step.output.isEmpty {
                try body(step.output)
            } else if step.needsMoreInput {
                break
            }
        }
        // Drain output zlib still holds for input already consumed.
        while !memberEnded {
            let step = try checked(inflater.inflateStep())
            guard !step.output.isEmpty else { break }
            try body(step.output)
        }
    }

    func finish(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard sawInput, memberEnded else {
            throw DecompressionError(reason: "truncated gzip stream (it ends before its trailer)")
        }
    }

    /// `step`, after noting a member's end; a zlib error becomes the import's error.
    private func checked(_ step: ZlibInflater.Step) throws(DecompressionError) -> ZlibInflater.Step {
        guard !step.failed else {
            throw DecompressionError(reason: "corrupt gzip stream: \(inflater.message(step.status))")
        }
        if step.endedStream { memberEnded = true }
        return step
    }
}
