/// How a survey file's bytes are wrapped, recognised by magic bytes rather than by the name.
enum Compression: String, Sendable {
    case none
    /// RFC 1952: `1f 8b`.
    case gzip
    /// The .xz container: `fd 37 7a 58 5a 00` ("\u{FD}7zXZ\0").
    case xz
    /// A member of a ZIP archive: never detected here, its input is made with its decoder
    /// (`SurveyInput(archive:member:)`).
    case zipMember

    /// The compression whose magic bytes begin `prefix`.
    static func detect(_ prefix: UnsafeBufferPointer<UInt8>) -> Compression {
        if prefix.starts(with: [0x1F, 0x8B]) { return .gzip }
        if prefix.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        return .none
    }

    /// A streaming decoder for this wrapping, or nil when the bytes are plain.
    func makeDecompressor() throws(DecompressionError) -> (any Decompressor)? {
        switch self {
        case .none, .zipMember: nil
        case .gzip: try GzipDecompressor()
        case .xz: try XZDecompressor()
        }
    }
}

/// Why a compressed stream could not be decoded.
struct DecompressionError: Error, Sendable {
    /// One line, e.g. `corrupt gzip stream: invalid distance too far back`.
    var reason: String
}

/// Turns a compressed byte stream into plain bytes, a chunk at a time, in bounded memory.
protocol Decompressor: AnyObject {
    /// Decodes `input` (the next compressed bytes), calling `output` with each decoded run.
    func decompress(
        _ input: UnsafeBufferPointer<UInt8>, _ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
    /// Flushes what is left into `output` and confirms the stream ended where it should; a
    /// truncated file throws `DecompressionError`.
    func finish(_ output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws
}
