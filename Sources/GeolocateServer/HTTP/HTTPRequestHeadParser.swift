/// Reads the head of an HTTP/1.x request from raw bytes: a pure function, no I/O, so it can be
/// fuzzed.
///
/// Strict where leniency would let two parsers disagree about where a request ends (RFC 9112
/// §11.2, request smuggling): obsolete line folding, whitespace before a colon, bare CR,
/// conflicting `Content-Length`s, `Transfer-Encoding` beside `Content-Length` and any transfer
/// coding but `chunked` are refused. A bare LF ending a line is accepted (RFC 9112 §2.2 allows
/// it). A chunked body is announced as ``chunkedBody`` and decoded by ``HTTPChunkedBody``.
///
/// ```swift
/// switch try HTTPRequestHeadParser.parse(buffer, limits: .init()) {
/// case .complete(let head, let headLength, let bodyLength): …
/// case .incomplete: // read more
/// }
/// ```
public enum HTTPRequestHeadParser {
    /// Size limits the parser enforces.
    public struct Limits: Hashable, Sendable {
        /// The largest head (request line and headers, with the blank line), in bytes.
        public var headBytes: Int
        /// The largest `Content-Length` accepted.
        public var bodyBytes: Int

        /// 16 KiB of head and 1 MiB of body by default.
        public init(headBytes: Int = 16 * 1024, bodyBytes: Int = 1024 * 1024) {
            self.headBytes = headBytes
            self.bodyBytes = bodyBytes
        }
    }

    /// The `bodyLength` of a head whose body is sent with `Transfer-Encoding: chunked`.
    public static let chunkedBody = -1

    /// The result of looking at the start of a buffer.
    public enum Result: Hashable, Sendable {
        /// The head is not complete yet (and not over the limit).
        case incomplete
        /// A complete head of `headLength` bytes, announcing a body of `bodyLength` bytes
        /// (``chunkedBody`` for a chunked one).
        case complete(HTTPRequestHead, headLength: Int, bodyLength: Int)
    }

    /// Parses the request head at the start of `bytes`.
    /// - Parameters:
    ///   - bytes: What was received so far on a connection, starting at a request.
    ///   - limits: Head and body limits.
    /// - Returns: `.incomplete` or the head with its length and the body length.
    /// - Throws: ``HTTPParseError`` for a head the server must refuse.
    public static func parse(_ bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(HTTPParseError) -> Result {
        let array = bytes as? [UInt8] ?? Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(HTTPParseError) in
            try parse(buffer, limits: limits)
        }
    }

    /// Parses the request head at the start of `buffer` (see ``parse(_:limits:)``).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: Limits = Limits()) throws(HTTPParseError) -> Result {
        // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request line.
        var start = 0
        while start < buffer.count, start < 4, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        guard let end = headEnd(in: buffer, from: start, limit: limits.headBytes) else {
            if buffer.count > limits.headBytes { throw .headTooLarge(limit: limits.headBytes) }
            try checkMethodSoFar(buffer, from: start)
            return .incomplete
        }
        var lines = splitLines(buffer, from: start, to: end.contentEnd)
        guard !lines.isEmpty else { throw .malformed("empty request") }
        let requestLine = lines.removeFirst()
        let (method, target, minorVersion) = try parseRequestLine(requestLine)
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count)
        for line in lines { headers.append(try parseHeader(line)) }
        let head = HTTPRequestHead(method: method, target: target, minorVersion: minorVersion, headers: headers)
        let bodyLength = try contentLength(of: head, limits: limits)
        return .complete(head, headLength: end.headLength, bodyLength: bodyLength)
    }

    /// Refuses a request whose first bytes cannot start a request line — a TLS handshake sent
    /// to this plain-HTTP port, binary garbage — as soon as they arrive, instead of waiting for
    /// a head end that never comes and answering with a 408 after the read timeout.
    private static func checkMethodSoFar(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws(HTTPParseError) {
        var index = start
        while index < buffer.count, buffer[index] != 0x20 {
            guard isTokenCharacter(buffer[index]) else { throw .malformed("bad method") }
            index += 1
        }
        if index < buffer.count, index == start { throw .malformed("bad method") }
    }

    /// The end of the header block: where its content ends and how long the head is, counting
    /// the final CRLF CRLF (or LF LF). Nil when not found within `limit` bytes.
    private static func headEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> (contentEnd: Int, headLength: Int)? {
        var index = start
        let last = min(buffer.count, limit)
        while index < last {
            if buffer[index] == 0x0A {
                // A line ends here; the head ends if the next line is empty ("\n" or "\r\n").
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A, index + 2 <= limit {
                    return (index, index + 2)
                }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A, index + 3 <= limit {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// The lines of the head, each without its CRLF or LF.
    private static func splitLines(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> [UnsafeBufferPointer<UInt8>] {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        var lineStart = start
        var index = start
        while index <= end {
            if index == end || buffer[index] == 0x0A {
                var lineEnd = index
                if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                lines.append(UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]))
                lineStart = index + 1
            }
            index += 1
        }
        return lines
    }

    private static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (String, String, Int) {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("request line is not 'METHOD TARGET HTTP/1.x'") }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenCharacter) else { throw .malformed("bad method") }
        // Origin form ("/path?query") or asterisk form; visible ASCII only (RFC 9112 §3.2).
        guard !target.isEmpty, target.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw .malformed("bad request target") }
        guard target.first == UInt8(ascii: "/") || (target.count == 1 && target.first == UInt8(ascii: "*")) else {
            throw .malformed("request target must be a path")
        }
        let versionText = String(decoding: version, as: UTF8.self)
        guard versionText.utf8.count == 8, versionText.hasPrefix("HTTP/"),
              version.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("bad HTTP version")
        }
        switch versionText {
        case "HTTP/1.1": break
        case "HTTP/1.0": break
        default:
            let digits = versionText.dropFirst(5)
            guard digits.count == 3, digits.dropFirst().first == ".",
                  digits.first!.isASCII && digits.first!.isNumber, digits.last!.isASCII && digits.last!.isNumber else {
                throw .malformed("bad HTTP version")
            }
            throw .unsupportedVersion(versionText)
        }
        return (String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self),
                versionText == "HTTP/1.1" ? 1 : 0)
    }

    private static func parseHeader(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first else { throw .malformed("empty header line") }
        if first == 0x20 || first == 0x09 { throw .malformed("obsolete line folding") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .malformed("header line without a colon") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { throw .malformed("bad header name") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
        // Field values: visible characters, spaces, tabs and obs-text; never CR, LF or NUL.
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            throw .malformed("control character in header value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The body length: `Content-Length` (all copies equal), 0 without one, ``chunkedBody`` for
    /// `Transfer-Encoding: chunked` alone; other transfer codings are refused (411), and so is
    /// `Transfer-Encoding` beside `Content-Length` (two framings: request smuggling).
    private static func contentLength(of head: HTTPRequestHead, limits: Limits) throws(HTTPParseError) -> Int {
        let codings = head.values(of: "Transfer-Encoding")
        if !codings.isEmpty {
            guard head.value(of: "Content-Length") == nil else {
                throw .malformed("both Transfer-Encoding and Content-Length")
            }
            guard codings.count == 1, codings[0].trimmingSpaces.caseInsensitiveEquals("chunked"), head.minorVersion >= 1 else {
                throw .lengthRequired
            }
            return chunkedBody
        }
        let values = head.values(of: "Content-Length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard let first = values.first else { return 0 }
        let text = first.trimmingSpaces
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let length = Int(text) else {
            throw .malformed("bad Content-Length")
        }
        guard values.allSatisfy({ $0.trimmingSpaces == text }) else { throw .malformed("conflicting Content-Length") }
        if length > limits.bodyBytes { throw .bodyTooLarge(length: length, limit: limits.bodyBytes) }
        return length
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
