import Foundation
import JSONCodec
import SystemSupport
import TestSupport
import Testing
import TownTestSupport

/// `serve --local-sources`: a loopback request that names no radios (Firefox's bodyless first
/// request, GeoClue's `{}`) is answered by the location service from this machine's own
/// sources — here a real gpsd on loopback fed a receiver's NMEA log.
@Suite(.preparing(TestTown.fixture), .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct ServeLocalSourcesTests {
    /// A real receiver's log (gpsd's regression data); gpsd 3.22's own answer for it
    /// (skytraq-fix.log.chk) is 44.068729937, -121.314120767.
    static let receiverLog: [String] = {
        let text = (try? String(contentsOf: TestPaths.fixture("gnss/skytraq-fix.log"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("$") }
    }()

    /// A running `serve --local-sources --sources gps --gpsd …` with its own data directory.
    private static func serve(gpsd: String, directory: TemporaryDirectory, timeout: String = "10") async throws -> RunningServe {
        try await RunningServe.start(
            map: TestTown.shared.path, log: directory.path("serve.err"),
            arguments: ["--local-sources", "--sources", "gps", "--gpsd", gpsd, "--timeout", timeout],
            environment: ["XDG_DATA_HOME": directory.path("data")])
    }

    @Test func aRequestWithoutRadiosGetsTheMachinesOwnGPSFixOthersStillTheirRadiosAnswer() async throws {
        let directory = TemporaryDirectory("serve-local-gps")
        let gpsd = try await LoopbackGPSD()
        // The receiver repeats its log, as a receiver repeats its sentences every second.
        let receiver = RepeatingThread("receiver log", every: .milliseconds(200)) { _ in gpsd.send(Self.receiverLog) }
        let outcome: Result<Void, any Error>
        do {
            let server = try await Self.serve(gpsd: gpsd.address, directory: directory)
            defer { server.killIfRunning() }
            outcome = .success(try await Self.checkAnswers(server))
            #expect(await server.terminate() == .exited(0))
        } catch {
            outcome = .failure(error)
        }
        await receiver.stop()
        await gpsd.stop()
        try outcome.get()
    }

    private static func checkAnswers(_ server: RunningServe) async throws {
        let client = try HTTPTestClient(port: server.port)
        // Firefox's first request: no body at all.
        try client.send("POST /v1/geolocate?key=test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n")
        let bodyless = try #require(try client.readResponse())
        #expect(bodyless.status == 200, "\(bodyless.body)")
        let fix = try JSONParser.parse(Array(bodyless.body.utf8))
        #expect(abs((fix["location"]?["lat"]?.doubleValue ?? 0) - 44.068729937) < 1e-6, "\(bodyless.body)")
        #expect(abs((fix["location"]?["lng"]?.doubleValue ?? 0) - -121.314120767) < 1e-6, "\(bodyless.body)")
        #expect(fix["source"]?.stringValue == "gps")
        #expect((fix["accuracy"]?.doubleValue ?? 0) > 0)
        #expect(fix["fallback"]?[0]?["outcome"]?.stringValue == "fix")
        // GeoClue's `{}` is a request without radios too.
        try client.post("/v1/geolocate", "{}")
        #expect(try client.readResponse()?.status == 200)
        // A request that names radios is answered from them, as `locate --request` answers it.
        let query = TestTown.shared.queries[0]
        let located = try CommandRunner.whereabouts(["locate", "--request", "-", "--db", TestTown.shared.path], input: query)
        try client.post("/v1/geolocate", query)
        let heard = try #require(try client.readResponse())
        #expect(heard.status == 200)
        #expect(heard.body == located.standardOutput.trimmingCharacters(in: .newlines))
        // Another machine never learns where this one is.
        if let source = HTTPTestClient.nonLoopbackAddress() {
            let remote = try HTTPTestClient(port: server.port, source: source)
            try remote.post("/v1/geolocate", "{}")
            let refused = try #require(try remote.readResponse())
            #expect(refused.status == 404)
            #expect(!refused.body.contains("44.06"), "\(refused.body)")
        }
    }

    @Test func withoutALocalFixTheAnswerIs404WithWhatTheSourceDid() async throws {
        let directory = TemporaryDirectory("serve-local-nofix")
        // A gpsd whose receiver sends nothing: the source runs out of its 1 s budget.
        let gpsd = try await LoopbackGPSD()
        let outcome: Result<HTTPTestClient.Response?, any Error>
        do {
            let server = try await Self.serve(gpsd: gpsd.address, directory: directory, timeout: "1")
            defer { server.killIfRunning() }
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", "")
            outcome = .success(try client.readResponse())
            #expect(await server.terminate() == .exited(0))
        } catch {
            outcome = .failure(error)
        }
        await gpsd.stop()
        let response = try #require(try outcome.get())
        #expect(response.status == 404, "\(response.body)")
        let body = try JSONParser.parse(Array(response.body.utf8))
        #expect(body["error"]?["errors"]?[0]?["reason"]?.stringValue == "notFound")
        #expect(body["fallback"]?[0]?["source"]?.stringValue == "gps", "\(response.body)")
        #expect(body["fallback"]?[0]?["outcome"]?.stringValue != "fix", "\(response.body)")
    }

    @Test func sourceOptionsWithoutLocalSourcesAreAUsageError() throws {
        let result = try CommandRunner.whereabouts(
            ["serve", "--listen", "127.0.0.1:0", "--db", TestTown.shared.path, "--gpsd", "127.0.0.1:2947"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("use it with --local-sources"))
    }
}
