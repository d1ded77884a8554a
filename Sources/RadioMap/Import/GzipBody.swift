/// Decodes a whole gzip body held in memory, such as an HTTP request sent with
/// `Content-Encoding: gzip`, with the same decoder as compressed imports.
///
/// ```swift
/// let plain = try GzipBody.decompress(body, limit: 1 << 20)
/// ```
public enum GzipBody {
    /// Why a body could not be decoded.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not a gzip stream, or a corrupt or truncated one.
        case corrupt(String)
        /// The decoded body is larger than the limit.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .corrupt(let reason): reason
            case .tooLarge(let limit): "the decompressed body is larger than \(limit) bytes"
            }
        }
    }

    /// The decoded bytes of `bytes`; never more than `limit` of them (a gzip bomb stops there).
    public static func decompress(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        do {
            let decoder = try GzipDecompressor()
            let append = { (chunk: UnsafeBufferPointer<UInt8>) throws in
                guard output.count + chunk.count <= limit else { throw Failure.tooLarge(limit: limit) }
                output.append(contentsOf: chunk)
            }
            try bytes.withUnsafeBufferPointer { try decoder.decompress($0, append) }
            try decoder.finish(append)
        } catch let failure as Failure {
            throw failure
        } catch let error as DecompressionError {
            throw .corrupt(error.reason)
        } catch {
            throw .corrupt("\(error)")
        }
        return output
    }
}
