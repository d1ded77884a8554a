import Foundation
import Glibc
import JSONCodec
import PositioningCore
import SystemSupport
import TestSupport
import Testing
import TownTestSupport

@testable import GeolocateServer

/// The server under abuse: every malformed, oversized, truncated or garbage request gets its
/// 4xx (and the connection closed), slow-loris clients are cut off by the read timeout while a
/// normal client is served beside them, and the server answers normally after all of it.
///
/// The clients block on sockets, so each test runs its body on a `DedicatedThread`.
@Suite(.preparing(TestTown.fixture)) struct GeolocateServerAbuseTests {
    /// Runs `body` against a fresh server on a dedicated thread; stops the server afterwards.
    private func withServer<T: Sendable>(
        readTimeout: Duration = .seconds(2), _ body: @escaping @Sendable (GeolocateServer) throws -> T
    ) async throws -> T {
        var configuration = ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: TestTown.shared.path)
        configuration.readTimeout = readTimeout
        let server = try GeolocateServer(configuration: configuration)
        defer { server.stop() }
        return try await DedicatedThread.run("abuse") { () throws in try body(server) }
    }

    /// Whether the server answers a normal request on a new connection.
    private static func isHealthy(_ server: GeolocateServer) throws -> Bool {
        let client = try HTTPTestClient(port: server.port)
        try client.send("GET /health HTTP/1.1\r\nConnection: close\r\n\r\n")
        return try client.readResponse()?.status == 200
    }

    /// What happens to a request, and what the client does after sending it.
    enum Ending: Sendable {
        /// The client waits for the answer.
        case waits
        /// The client shuts down its sending side (a request cut off by the network).
        case halfCloses
    }

    static let requests: [(String, [UInt8], Ending, Int)] = [
        ("head over 16 KiB", Array(("GET /health HTTP/1.1\r\nX: " + String(repeating: "a", count: 17_000) + "\r\n\r\n").utf8), .waits, 431),
        ("target over 16 KiB, never ending", Array(("GET /" + String(repeating: "a", count: 17_000)).utf8), .waits, 431),
        ("10,000 header lines", Array(("GET /health HTTP/1.1\r\n" + String(repeating: "X: 1\r\n", count: 10_000) + "\r\n").utf8), .waits, 431),
        ("body over 1 MiB announced", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n".utf8), .waits, 413),
        ("gzip transfer coding", Array("POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n2\r\n{}\r\n0\r\n\r\n".utf8), .waits, 411),
        ("chunked body over 1 MiB", Array(("POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "8000\r\n" + String(repeating: " ", count: 0x8000) + "\r\n", count: 33)).utf8), .waits, 413),
        ("bad chunk size", Array("POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n".utf8), .waits, 400),
        ("truncated head, client waits", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Le".utf8), .waits, 408),
        ("truncated body, client waits", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"wifi".utf8), .waits, 408),
        ("truncated head, client half-closes", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Le".utf8), .halfCloses, 400),
        ("truncated body, client half-closes", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"wifi".utf8), .halfCloses, 400),
        ("TLS ClientHello on the plain port", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + Array(repeating: 0xA5, count: 32), .waits, 400),
        ("NUL bytes", Array(repeating: 0, count: 64), .waits, 400),
        ("garbage line", Array("\u{1B}[2J hello there\r\n\r\n".utf8), .waits, 400),
        ("NUL in a header value", Array("GET /health HTTP/1.1\r\nX: a\u{0}b\r\n\r\n".utf8), .waits, 400),
        ("conflicting Content-Length (smuggling)", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}".utf8), .waits, 400),
        ("obsolete line folding", Array("GET /health HTTP/1.1\r\nX: 1\r\n 2\r\n\r\n".utf8), .waits, 400),
        ("absolute-form target", Array("GET http://127.0.0.1/health HTTP/1.1\r\n\r\n".utf8), .waits, 400),
        ("HTTP/3.0", Array("GET /health HTTP/3.0\r\n\r\n".utf8), .waits, 505),
        ("malformed JSON body", Array("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 9\r\n\r\n{\"a\":[1,]".utf8), .waits, 400),
        ("JSON nested 10,000 deep", Array(("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 20000\r\n\r\n" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8), .waits, 400),
    ]

    @Test(arguments: requests)
    func abusiveRequestGetsItsStatusAndTheServerLivesOn(_ name: String, _ request: [UInt8], _ ending: Ending, _ status: Int) async throws {
        let (response, healthy) = try await withServer { server in
            let client = try HTTPTestClient(port: server.port)
            // The server may answer and close before it has read everything (431, 400).
            try? client.send(request)
            if case .halfCloses = ending { shutdown(client.descriptor, Int32(SHUT_WR)) }
            let response = try client.readResponse()
            return (response, try Self.isHealthy(server))
        }
        let answer = try #require(response, "\(name): closed without an answer")
        #expect(answer.status == status, "\(name): \(answer.body)")
        #expect(try JSONParser.parse(answer.body)["error"]?["code"] == .number(Double(status)), "\(name)")
        #expect(healthy, "\(name): the server stopped answering")
    }

    /// Seeded random bytes on many connections: every answer is a 4xx/5xx error (or a close),
    /// and the server answers normally afterwards.
    @Test func randomGarbageNeverGetsASuccessOrStopsTheServer() async throws {
        let (statuses, healthy) = try await withServer(readTimeout: .seconds(1)) { server in
            var seed: UInt64 = 0x5EED
            var statuses: [Int] = []
            for _ in 0..<100 {
                // A small xorshift so the cases are the same on every run.
                seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
                let count = Int(seed % 600) + 1
                var bytes: [UInt8] = []
                var state = seed
                for _ in 0..<count {
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    bytes.append(UInt8(truncatingIfNeeded: state))
                }
                let client = try HTTPTestClient(port: server.port)
                try? client.send(bytes)
                shutdown(client.descriptor, Int32(SHUT_WR))
                if let response = try? client.readResponse() { statuses.append(response.status) }
            }
            return (statuses, try Self.isHealthy(server))
        }
        #expect(statuses.allSatisfy { $0 >= 400 }, "\(statuses.filter { $0 < 400 })")
        #expect(healthy)
    }

    struct LorisOutcome: Sendable {
        var lorisStatuses: [Int?]
        var lorisClosed: [Bool]
        var normalStatuses: [Int]
        var healthy: Bool
    }

    /// Slow-loris clients trickle a request one byte at a time; each is answered 408 and closed
    /// once the read timeout has passed since its request began, however steadily it trickles,
    /// while a normal client on another connection gets every answer meanwhile.
    @Test func slowLorisClientsAreCutOffWithoutStarvingANormalClient() async throws {
        let outcome = try await withServer(readTimeout: .seconds(2)) { server in
            let lorises = try (0..<32).map { _ in try HTTPTestClient(port: server.port) }
            let request = Array("POST /v1/geolocate HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ".utf8)
                + Array(repeating: UInt8(ascii: "a"), count: 100_000)
            let descriptors = lorises.map(\.descriptor)
            let trickle = RepeatingThread("slow loris", every: .milliseconds(100)) { step in
                guard step < request.count else { return }
                for descriptor in descriptors {
                    withUnsafeBytes(of: request[step]) { _ = Glibc.send(descriptor, $0.baseAddress, 1, Int32(MSG_NOSIGNAL)) }
                }
            }
            // The normal client, on its own connection, while every loris is connected.
            let normal = try HTTPTestClient(port: server.port)
            var normalStatuses: [Int] = []
            for _ in 0..<20 {
                try normal.post("/v1/geolocate", TestTown.shared.queries[0])
                normalStatuses.append(try normal.readResponse()?.status ?? 0)
            }
            let lorisStatuses = lorises.map { try? $0.readResponse()?.status }
            let lorisClosed = lorises.map { (try? $0.isClosedByServer()) ?? true }
            let healthy = try Self.isHealthy(server)
            let stop = DispatchSemaphore(value: 0)
            Task.detached { await trickle.stop(); stop.signal() }
            stop.wait()
            return LorisOutcome(lorisStatuses: lorisStatuses, lorisClosed: lorisClosed, normalStatuses: normalStatuses,
                                healthy: healthy)
        }
        #expect(outcome.normalStatuses == Array(repeating: 200, count: 20))
        #expect(outcome.lorisStatuses.allSatisfy { $0 == 408 }, "\(outcome.lorisStatuses)")
        #expect(outcome.lorisClosed.allSatisfy { $0 })
        #expect(outcome.healthy)
    }
}
