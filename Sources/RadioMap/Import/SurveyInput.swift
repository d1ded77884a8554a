import SurveyFormats

/// A survey file's (or a request body's) content as a stream of plain bytes: read in chunks, unwrapped from gzip or
/// xz when its magic bytes say so, never unpacked to disk.
final class SurveyInput {
    let file: FileChunkReader
    private let path: String
    private var decompressor: (any Decompressor)?
    /// Known after the first chunk.
    private(set) var compression: Compression?

    init(path: String) throws(ImportError) {
        self.path = path
        file = try FileChunkReader(path: path)
    }

    /// The member `member` of the ZIP archive at `archive`, streamed from its byte range and
    /// decoded (and checked) by a `ZipMemberDecoder`; called `archive:name` in messages.
    init(archive: String, member: (entry: ZipArchive.Entry, dataOffset: Int)) throws(ImportError) {
        path = archive + ":" + member.entry.name
        file = try FileChunkReader(path: archive, offset: Int64(member.dataOffset), length: Int64(member.entry.compressedSize))
        compression = .zipMember
        do {
            decompressor = try ZipMemberDecoder(entry: member.entry)
        } catch {
            throw ImportError.corrupt(path: path, reason: error.reason)
        }
    }

    /// Content already in memory (a `/v2/geosubmit` body), called `name` in messages.
    init(bytes: [UInt8], name: String) {
        path = name
        file = FileChunkReader(bytes: bytes)
    }

    /// Reads the next chunk; calls `raw` with the file's bytes (for the content hash) and
    /// `plain` with the decoded ones. Returns false at the end of the file, after checking that a
    /// compressed stream ended properly.
    /// - Throws: `ImportError.corrupt` for a damaged or truncated compressed stream.
    func readChunk(
        raw: (UnsafeBufferPointer<UInt8>) -> Void, plain: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Bool {
        let more = try file.readChunk(path: path) { chunk in
            raw(chunk)
            if compression == nil {
                let detected = Compression.detect(chunk)
                compression = detected
                try convert { decompressor = try detected.makeDecompressor() }
            }
            if let decompressor {
                try convert { try decompressor.decompress(chunk, plain) }
            } else {
                try plain(chunk)
            }
        }
        if !more, let decompressor {
            try convert { try decompressor.finish(plain) }
        }
        return more
    }

    private func convert(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as DecompressionError {
            throw ImportError.corrupt(path: path, reason: error.reason)
        }
    }
}
