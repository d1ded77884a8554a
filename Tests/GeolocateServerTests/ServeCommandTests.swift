import Foundation
import Glibc
import JSONCodec
import RadioMap
import SystemSupport
import TestSupport
import Testing
import TownTestSupport

/// `whereabouts serve` as a user runs it: the built executable.
@Suite(.preparing(TestTown.fixture), .onItsOwnThread) struct ServeCommandTests {
    @Test(arguments: ["0.0.0.0:0", "[::]:0", "192.0.2.1:8088"])
    func nonLoopbackWithoutAllowRemoteIsRefused(_ address: String) throws {
        let result = try CommandRunner.whereabouts(["serve", "--listen", address, "--db", TestTown.shared.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--allow-remote"))
    }

    @Test func badListenAddressIsAUsageError() throws {
        let result = try CommandRunner.whereabouts(["serve", "--listen", "localhost", "--db", TestTown.shared.path])
        #expect(result.status == 64)
    }

    @Test func missingRadioMapIsRefusedBeforeListening() throws {
        let directory = TemporaryDirectory("serve-missing")
        let result = try CommandRunner.whereabouts(["serve", "--listen", "127.0.0.1:0", "--db", directory.path("none.sqlite")])
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("Error: "))
    }

    @Test func servesUntilSIGTERMThenExitsZero() async throws {
        let directory = TemporaryDirectory("serve-run")
        let query = TestTown.shared.queries[0]
        let located = try CommandRunner.whereabouts(["locate", "--request", "-", "--db", TestTown.shared.path], input: query)
        #expect(located.status == 0)
        let server = try await RunningServe.start(map: TestTown.shared.path, log: directory.path("serve.err"))
        defer { server.killIfRunning() }
        let client = try HTTPTestClient(port: server.port)
        try client.send("GET /health?key=x HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse()?.status == 200)
        // The server answers exactly as `locate --request` does (calibration notes, extras and all).
        try client.post("/v1/geolocate", query)
        let answer = try #require(try client.readResponse())
        #expect(answer.status == 200)
        #expect(answer.body == located.standardOutput.trimmingCharacters(in: .newlines))
        let status = await server.terminate()
        #expect(status == .exited(0), "exit status \(String(describing: status))")
        let log = server.log
        #expect(log.contains("\"GET /health\" 200"))
        #expect(!log.contains("key=x"), "the access log must not contain the query string")
    }

    @Test func everyWorkerReportsTheUptimeSinceTheServerStarted() async throws {
        // Every worker answers `/v1/stats` from its own service, which holds the server's start
        // time. A release build once wrote worker 0's start time over its object header (Swift
        // 6.3.1, tools/compiler-bugs/resilient-field-offset.swift): that worker reported an
        // uptime of -5192296858533329 s, and `serve` could crash at exit.
        let directory = TemporaryDirectory("serve-uptime")
        let launched = ContinuousClock.now
        let server = try await RunningServe.start(map: TestTown.shared.path, log: directory.path("serve.err"))
        defer { server.killIfRunning() }
        // The server hands connections to its workers in turn (two to four of them): eight held
        // open at once reach each worker at least twice.
        let clients = try (0..<8).map { _ in try HTTPTestClient(port: server.port) }
        for client in clients { try client.send("GET /v1/stats HTTP/1.1\r\n\r\n") }
        var uptimes: [Double] = []
        for client in clients {
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            guard case .number(let uptime) = try JSONParser.parse(response.body)["uptimeSeconds"] else {
                Issue.record("no uptimeSeconds in \(response.body)")
                continue
            }
            uptimes.append(uptime)
        }
        let sinceLaunch = Double((ContinuousClock.now - launched).components.seconds) + 1
        #expect(uptimes.count == clients.count)
        #expect(uptimes.allSatisfy { $0 >= 0 && $0 <= sinceLaunch }, "uptimes \(uptimes), launched \(sinceLaunch) s ago")
        let status = await server.terminate()
        #expect(status == .exited(0), "exit status \(String(describing: status))")
    }

    @Test func aCalibrationStoredWhileItRunsIsUsedWithoutARestart() async throws {
        // `db calibrate` (or an import, or `watch --learn`) beside a running server: its next
        // answers carry the new factors and kept scans, as `locate` on the same map does.
        let (directory, map) = try TestTown.shared.copy()
        let query = TestTown.shared.queries[0]
        let server = try await RunningServe.start(map: map, log: directory.path("serve.err"))
        defer { server.killIfRunning() }
        let client = try HTTPTestClient(port: server.port)
        try client.post("/v1/geolocate", query)
        let before = try #require(try client.readResponse())
        #expect(before.body.contains("\"calibrated\":false"), "\(before.body)")

        // Calibrated in-process, as `db calibrate` does.
        let outcome = try MapCalibration().recalibrate(try RadioMap(path: map, mode: .readWrite))
        #expect(!outcome.factors.isEmpty, "the test map's survey calibrates")
        let located = try CommandRunner.whereabouts(["locate", "--request", "-", "--db", map], input: query)
        #expect(located.standardOutput.contains("\"calibrated\":true"), "\(located.standardOutput)")
        // The server looks at the map every few seconds; wait for it with a deadline. A new
        // connection: calibrating beside a loaded suite can outlast the server's 120 s idle
        // timeout, which closes the first one.
        let again = try HTTPTestClient(port: server.port)
        var answer = before.body
        let end = ContinuousClock.now + .seconds(120)
        while !answer.contains("\"calibrated\":true"), ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(100))
            try again.post("/v1/geolocate", query)
            answer = try #require(try again.readResponse()).body
        }
        #expect(answer == located.standardOutput.trimmingCharacters(in: .newlines))
        #expect(await server.terminate() == .exited(0))
    }

    @Test func accuracyIsThe95PercentCircleUnlessConfidence68AsksForAndroids() async throws {
        let directory = TemporaryDirectory("serve-confidence")
        let query = TestTown.shared.queries[0]
        func answer(_ arguments: [String]) async throws -> (accuracy: Double, accuracy68: Double) {
            let server = try await RunningServe.start(
                map: TestTown.shared.path, log: directory.path("serve\(arguments.count).err"), arguments: arguments)
            defer { server.killIfRunning() }
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", query)
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            let body = try JSONParser.parse(Array(response.body.utf8))
            #expect(await server.terminate() == .exited(0))
            return (try #require(body["accuracy"]?.doubleValue), try #require(body["accuracy68"]?.doubleValue))
        }
        let standard = try await answer([])
        let android = try await answer(["--confidence", "68"])
        // The geolocate API's promise by default: a circle wider than the 68 % one beside it.
        #expect(standard.accuracy > 1.5 * standard.accuracy68, "\(standard)")
        #expect(android.accuracy == android.accuracy68)
        #expect(android.accuracy68 == standard.accuracy68)
        let refused = try CommandRunner.whereabouts(
            ["serve", "--listen", "127.0.0.1:0", "--db", TestTown.shared.path, "--confidence", "90"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--confidence expects 68 or 95"))
    }
}

/// `serve --allow-origin` as a user types it: CORS for that web origin only, none without it.
@Suite(.preparing(TestTown.fixture), .onItsOwnThread) struct ServeAllowOriginCommandTests {
    private static let origin = "https://maps.example"

    private static func preflight(_ client: HTTPTestClient, from origin: String) throws -> HTTPTestClient.Response {
        try client.send("OPTIONS /v1/geolocate HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: \(origin)\r\n"
                        + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
        return try #require(try client.readResponse())
    }

    private static func corsHeaders(_ response: HTTPTestClient.Response) -> [String] {
        response.headers.keys.filter { $0.hasPrefix("access-control-") }.sorted()
    }

    @Test func theAllowedOriginGetsItsPreflightAndAnswersOthersDoNot() async throws {
        let directory = TemporaryDirectory("serve-allow-origin")
        let server = try await RunningServe.start(
            map: TestTown.shared.path, log: directory.path("serve.err"), arguments: ["--allow-origin", Self.origin])
        defer { server.killIfRunning() }
        let client = try HTTPTestClient(port: server.port)
        let allowed = try Self.preflight(client, from: Self.origin)
        #expect(allowed.status == 204)
        #expect(allowed.headers["access-control-allow-origin"] == Self.origin)
        #expect(allowed.headers["access-control-allow-methods"]?.contains("POST") == true)
        #expect(allowed.headers["access-control-allow-headers"]?.lowercased().contains("content-type") == true)
        try client.post("/v1/geolocate", TestTown.shared.queries[0], headers: ["Origin: \(Self.origin)"])
        let answer = try #require(try client.readResponse())
        #expect(answer.status == 200)
        #expect(answer.headers["access-control-allow-origin"] == Self.origin)
        #expect(answer.headers["vary"] == "Origin")

        // Another page, even one on the same host name with another scheme or port, gets none.
        for other in ["https://evil.example", "http://maps.example", "https://maps.example:8443"] {
            let refused = try Self.preflight(client, from: other)
            #expect(refused.status == 403, "\(other)")
            #expect(Self.corsHeaders(refused).isEmpty, "\(other): \(refused.headers)")
            try client.post("/v1/geolocate", TestTown.shared.queries[0], headers: ["Origin: \(other)"])
            let post = try #require(try client.readResponse())
            #expect(post.status == 403, "\(other)")
            #expect(Self.corsHeaders(post).isEmpty, "\(other): \(post.headers)")
        }
        #expect(await server.terminate() == .exited(0))
    }

    @Test func withoutTheOptionNoResponseCarriesCORSHeaders() async throws {
        let directory = TemporaryDirectory("serve-no-origin")
        let server = try await RunningServe.start(map: TestTown.shared.path, log: directory.path("serve.err"))
        defer { server.killIfRunning() }
        let client = try HTTPTestClient(port: server.port)
        let preflight = try Self.preflight(client, from: Self.origin)
        #expect(preflight.status == 403)
        #expect(Self.corsHeaders(preflight).isEmpty, "\(preflight.headers)")
        try client.post("/v1/geolocate", TestTown.shared.queries[0])
        let answer = try #require(try client.readResponse())
        #expect(answer.status == 200)
        #expect(Self.corsHeaders(answer).isEmpty, "\(answer.headers)")
        try client.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: \(Self.origin)\r\n\r\n")
        let health = try #require(try client.readResponse())
        #expect(health.status == 403)
        #expect(Self.corsHeaders(health).isEmpty, "\(health.headers)")
        #expect(await server.terminate() == .exited(0))
    }

    @Test(arguments: ["maps.example", "https://maps.example/", "https://maps.example/app", "*"])
    func anOriginThatIsNotOneIsAUsageError(_ value: String) throws {
        let result = try CommandRunner.whereabouts(
            ["serve", "--listen", "127.0.0.1:0", "--db", TestTown.shared.path, "--allow-origin", value])
        #expect(result.status == 64, "\(value): \(result.standardError)")
        #expect(result.standardError.contains("--allow-origin expects a web origin"), "\(value)")
    }
}

/// `whereabouts serve --listen 127.0.0.1:0 --log` on a map, its port read from standard error.
final class RunningServe {
    let processID: pid_t
    let port: UInt16
    let logPath: String
    private var exited = false

    private init(processID: pid_t, port: UInt16, logPath: String) {
        self.processID = processID
        self.port = port
        self.logPath = logPath
    }

    /// What the server wrote to standard error so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// `environment` is added to the test's own.
    static func start(map: String, log: String, arguments: [String] = [], environment: [String: String] = [:]) async throws -> RunningServe {
        let executable = CommandRunner.whereaboutsExecutable.path
        let processID = try SpawnedProcess.spawn(
            [executable, "serve", "--listen", "127.0.0.1:0", "--db", map, "--log"] + arguments, output: .standardError(log),
            environment: environment.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 })
        // Checked once more after the deadline: a test descheduled past it (the pool has two
        // threads and the whole suite shares them) must not mistake a slow machine for a failure.
        let end = ContinuousClock.now + .seconds(120)
        while true {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "http://127.0.0.1:"), let port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) {
                return RunningServe(processID: processID, port: port, logPath: log)
            }
            if ContinuousClock.now >= end { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let child = ChildProcess(processID: processID)
        child.send(SIGKILL)
        child.waitForExit()
        throw RunningServeError.neverListened(log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// SIGTERM, then how it ended once it has (nil when it did not within a minute).
    func terminate() async -> ChildProcess.ExitStatus? {
        let child = ChildProcess(processID: processID)
        child.send(SIGTERM)
        let status = await DedicatedThread.run("wait for serve") {
            child.waitForExit(before: .now + .seconds(60), checkingEvery: .milliseconds(20))
        }
        if status != nil { exited = true }
        return status
    }

    /// SIGKILL, when a failed test left it running.
    func killIfRunning() {
        guard !exited else { return }
        let child = ChildProcess(processID: processID)
        child.send(SIGKILL)
        child.waitForExit()
        exited = true
    }
}

private enum RunningServeError: Error, CustomStringConvertible {
    case neverListened(log: String)

    var description: String {
        switch self {
        case .neverListened(let log): "serve never said where it listens: \(log)"
        }
    }
}
