/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 §7.1) from the bytes received so far:
/// a pure function, so the rules are testable alone. Chunk extensions are passed over,
/// trailer fields are read and dropped; every line must end in CRLF.
enum HTTPChunkedBody {
    /// The longest chunk-size line (size and extensions) accepted.
    private static let lineLimit = 1024

    /// The decoded body and where the chunked message ends in `buffer`, or nil when more bytes
    /// are needed.
    /// - Throws: `.malformed` for bad chunk framing, `.bodyTooLarge` once the decoded body is
    ///   over `limits.bodyBytes`, `.headTooLarge` for trailers over `limits.headBytes`.
    static func decode(
        _ buffer: [UInt8], from start: Int, limits: HTTPRequestHeadParser.Limits
    ) throws(HTTPParseError) -> (body: [UInt8], end: Int)? {
        var body: [UInt8] = []
        var index = start
        while true {
            guard let lineEnd = try lineEnd(in: buffer, from: index, limit: lineLimit) else { return nil }
            let size = try chunkSize(buffer[index..<lineEnd])
            index = lineEnd + 2
            if size == 0 { break }
            guard body.count + size <= limits.bodyBytes else {
                throw .bodyTooLarge(length: body.count + size, limit: limits.bodyBytes)
            }
            guard buffer.count >= index + size + 2 else { return nil }
            body.append(contentsOf: buffer[index..<(index + size)])
            index += size
            guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else { throw .malformed("chunk data not followed by CRLF") }
            index += 2
        }
        // Trailer fields, then the empty line.
        let trailerStart = index
        while true {
            guard let lineEnd = try lineEnd(in: buffer, from: index, limit: limits.headBytes - (index - trailerStart)) else {
                return nil
            }
            let empty = lineEnd == index
            index = lineEnd + 2
            if empty { return (body, index) }
        }
    }

    /// The index of the CR of the CRLF ending the line at `start`; nil when not received yet.
    private static func lineEnd(in buffer: [UInt8], from start: Int, limit: Int) throws(HTTPParseError) -> Int? {
        var index = start
        while index < buffer.count {
            if index - start > limit { throw .malformed("chunk line too long") }
            switch buffer[index] {
            case 0x0D:
                guard index + 1 < buffer.count else { return nil }
                guard buffer[index + 1] == 0x0A else { throw .malformed("bare CR in chunked body") }
                return index
            case 0x0A: throw .malformed("chunk line not ended by CRLF")
            default: index += 1
            }
        }
        return nil
    }

    /// The hexadecimal size at the start of a chunk-size line, before any `;extension`.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != 0x20 && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 8,
              let size = Int(String(decoding: digits, as: UTF8.self), radix: 16), size >= 0 else {
            throw .malformed("bad chunk size")
        }
        return size
    }
}
