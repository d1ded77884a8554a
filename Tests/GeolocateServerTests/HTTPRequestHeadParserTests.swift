import Testing

@testable import GeolocateServer

@Suite struct HTTPRequestHeadParserTests {
    enum Expected: Sendable, CustomStringConvertible {
        case incomplete
        case complete(method: String, target: String, body: Int)
        case refused(status: Int)

        var description: String {
            switch self {
            case .incomplete: "incomplete"
            case .complete(let method, let target, let body): "\(method) \(target) body \(body)"
            case .refused(let status): "refused \(status)"
            }
        }
    }

    static let cases: [(String, String, Expected)] = [
        ("simple GET", "GET /health HTTP/1.1\r\nHost: x\r\n\r\n", .complete(method: "GET", target: "/health", body: 0)),
        ("POST with body length", "POST /v1/geolocate?key=test HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
         .complete(method: "POST", target: "/v1/geolocate?key=test", body: 2)),
        ("HTTP/1.0", "GET / HTTP/1.0\r\n\r\n", .complete(method: "GET", target: "/", body: 0)),
        ("bare LF line ends", "GET / HTTP/1.1\nHost: x\n\n", .complete(method: "GET", target: "/", body: 0)),
        ("leading empty line ignored", "\r\nGET / HTTP/1.1\r\n\r\n", .complete(method: "GET", target: "/", body: 0)),
        ("header value spaces trimmed", "POST / HTTP/1.1\r\nContent-Length:   5  \r\n\r\n",
         .complete(method: "POST", target: "/", body: 5)),
        ("equal duplicate Content-Length", "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n",
         .complete(method: "POST", target: "/", body: 3)),
        ("asterisk target", "OPTIONS * HTTP/1.1\r\n\r\n", .complete(method: "OPTIONS", target: "*", body: 0)),
        ("empty buffer", "", .incomplete),
        ("request line only", "GET / HTTP/1.1\r\n", .incomplete),
        ("head without the blank line", "GET / HTTP/1.1\r\nHost: x\r\n", .incomplete),
        ("half of CRLF CRLF", "GET / HTTP/1.1\r\nHost: x\r\n\r", .incomplete),
        ("chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
         .complete(method: "POST", target: "/", body: HTTPRequestHeadParser.chunkedBody)),
        ("chunked and length (smuggling)", "POST / HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", .refused(status: 400)),
        ("gzip transfer coding", "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .refused(status: 411)),
        ("chunked on HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .refused(status: 411)),
        ("body over 1 MiB", "POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", .refused(status: 413)),
        ("huge Content-Length", "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", .refused(status: 400)),
        ("negative Content-Length", "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", .refused(status: 400)),
        ("non-numeric Content-Length", "POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n", .refused(status: 400)),
        ("conflicting Content-Length", "POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n", .refused(status: 400)),
        ("list Content-Length that conflicts", "POST / HTTP/1.1\r\nContent-Length: 2, 3\r\n\r\n", .refused(status: 400)),
        ("HTTP/2.0", "GET / HTTP/2.0\r\n\r\n", .refused(status: 505)),
        ("HTTP/0.9 style", "GET /\r\n\r\n", .refused(status: 400)),
        ("lower-case version", "GET / http/1.1\r\n\r\n", .refused(status: 400)),
        ("two spaces", "GET  / HTTP/1.1\r\n\r\n", .refused(status: 400)),
        ("absolute-form target", "GET http://x/ HTTP/1.1\r\n\r\n", .refused(status: 400)),
        ("control character in target", "GET /\u{01} HTTP/1.1\r\n\r\n", .refused(status: 400)),
        ("bad method token", "G(T / HTTP/1.1\r\n\r\n", .refused(status: 400)),
        ("obsolete line folding", "GET / HTTP/1.1\r\nX-A: 1\r\n  continued\r\n\r\n", .refused(status: 400)),
        ("space before colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", .refused(status: 400)),
        ("header without colon", "GET / HTTP/1.1\r\nHost\r\n\r\n", .refused(status: 400)),
        ("NUL in header value", "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n", .refused(status: 400)),
        ("bare CR in header value", "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", .refused(status: 400)),
        ("binary garbage", "\u{16}\u{03}\u{01}\u{02}\u{00}\r\n\r\n", .refused(status: 400)),
        // Refused before the head is complete: these bytes can never start a request line.
        ("TLS ClientHello, incomplete", "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}", .refused(status: 400)),
        ("leading space, incomplete", " GET / HTTP/1.1\r\n", .refused(status: 400)),
        ("bad method token, incomplete", "GE\u{7F}T / HTTP/1.1\r\nHost: x\r\n", .refused(status: 400)),
        ("method without its line yet", "POS", .incomplete),
        ("request line cut in its target", "GET /v1/geo", .incomplete),
    ]

    @Test(arguments: cases)
    func parsesOrRefuses(_ name: String, _ text: String, _ expected: Expected) throws {
        let result: HTTPRequestHeadParser.Result
        do {
            result = try HTTPRequestHeadParser.parse(Array(text.utf8))
        } catch {
            guard case .refused(let status) = expected else {
                Issue.record("\(name): refused with \(error.statusCode) (\(error)), expected \(expected)")
                return
            }
            #expect(error.statusCode == status, "\(name)")
            return
        }
        switch (result, expected) {
        case (.incomplete, .incomplete):
            break
        case (.complete(let head, let headLength, let bodyLength), .complete(let method, let target, let body)):
            #expect(head.method == method, "\(name)")
            #expect(head.target == target, "\(name)")
            #expect(bodyLength == body, "\(name)")
            #expect(headLength == text.utf8.count - (text.hasSuffix("{}") ? 2 : 0), "\(name)")
        default:
            Issue.record("\(name): got \(result), expected \(expected)")
        }
    }

    @Test func headOverTheLimitIs431EvenBeforeItEnds() throws {
        let big = "GET / HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 16 * 1024)
        #expect(throws: HTTPParseError.headTooLarge(limit: 16 * 1024)) { try HTTPRequestHeadParser.parse(Array(big.utf8)) }
        #expect(throws: HTTPParseError.headTooLarge(limit: 16 * 1024)) { try HTTPRequestHeadParser.parse(Array((big + "\r\n\r\n").utf8)) }
    }

    @Test func headJustUnderTheLimitIsRead() throws {
        let prefix = "GET / HTTP/1.1\r\nX-Filler: "
        let filler = String(repeating: "a", count: 16 * 1024 - prefix.utf8.count - 4)
        let text = prefix + filler + "\r\n\r\n"
        #expect(text.utf8.count == 16 * 1024)
        guard case .complete = try HTTPRequestHeadParser.parse(Array(text.utf8)) else {
            Issue.record("a head of exactly 16 KiB must be read")
            return
        }
    }

    @Test func headersAreCaseInsensitiveAndKeepAliveFollowsTheVersion() throws {
        guard case .complete(let head, _, _) = try HTTPRequestHeadParser.parse(Array("GET /h?x=1 HTTP/1.1\r\ncOnNeCtIoN: Close\r\n\r\n".utf8)) else {
            Issue.record("not parsed")
            return
        }
        #expect(head.value(of: "connection") == "Close")
        #expect(head.path == "/h")
        #expect(!head.keepsAlive)
        guard case .complete(let old, _, _) = try HTTPRequestHeadParser.parse(Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8)),
              case .complete(let plainOld, _, _) = try HTTPRequestHeadParser.parse(Array("GET / HTTP/1.0\r\n\r\n".utf8)) else {
            Issue.record("not parsed")
            return
        }
        #expect(old.keepsAlive)
        #expect(!plainOld.keepsAlive)
    }

    /// Every prefix of a valid request is incomplete or complete, never refused or a crash; and
    /// random byte flips never crash the parser.
    @Test func prefixesAndMutationsNeverCrash() {
        let request = Array("POST /v1/geolocate?key=k HTTP/1.1\r\nHost: 127.0.0.1:8088\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}".utf8)
        for length in 0...request.count {
            do {
                _ = try HTTPRequestHeadParser.parse(request.prefix(length))
            } catch {
                Issue.record("prefix \(length) refused: \(error)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            var mutated = request
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? HTTPRequestHeadParser.parse(mutated)
        }
    }
}
