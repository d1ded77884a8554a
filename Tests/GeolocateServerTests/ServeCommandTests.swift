import Foundation
import Glibc
import TestSupport
import Testing

/// `whereabouts serve` as a user runs it: the built executable.
@Suite struct ServeCommandTests {
    @Test(arguments: ["0.0.0.0:0", "[::]:0", "192.0.2.1:8088"])
    func nonLoopbackWithoutAllowRemoteIsRefused(_ address: String) throws {
        let result = try CommandRunner.whereabouts(["serve", "--listen", address, "--db", TestRadioMap.shared.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--allow-remote"))
    }

    @Test func badListenAddressIsAUsageError() throws {
        let result = try CommandRunner.whereabouts(["serve", "--listen", "localhost", "--db", TestRadioMap.shared.path])
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
        let query = TestRadioMap.shared.queries[0]
        let located = try CommandRunner.whereabouts(["locate", "--request", "-", "--db", TestRadioMap.shared.path], input: query)
        #expect(located.status == 0)
        let errors = directory.path("serve.err")
        let executable = CommandRunner.whereaboutsExecutable.path
        let arguments = [executable, "serve", "--listen", "127.0.0.1:0", "--db", TestRadioMap.shared.path, "--log"]
        let processID = try SpawnedProcess.spawn(arguments, output: .standardError(errors))
        var exited = false
        defer {
            if !exited {
                kill(processID, SIGKILL)
                var status: Int32 = 0
                waitpid(processID, &status, 0)
            }
        }
        // Checked once more after the deadline: a test descheduled past it (the pool has two
        // threads and the whole suite shares them) must not mistake a slow machine for a failure.
        var port: UInt16?
        let end = ContinuousClock.now + .seconds(120)
        while true {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            if let range = text.range(of: "http://127.0.0.1:") {
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
                break
            }
            if ContinuousClock.now >= end { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let listening = try #require(port, "serve never said where it listens")
        let client = try HTTPTestClient(port: listening)
        try client.send("GET /health?key=x HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse()?.status == 200)
        // The server answers exactly as `locate --request` does (calibration notes, extras and all).
        try client.post("/v1/geolocate", query)
        let answer = try #require(try client.readResponse())
        #expect(answer.status == 200)
        #expect(answer.body == located.standardOutput.trimmingCharacters(in: .newlines))
        kill(processID, SIGTERM)
        var status: Int32 = 0
        let stopBy = ContinuousClock.now + .seconds(60)
        while true {
            if waitpid(processID, &status, WNOHANG) == processID {
                exited = true
                break
            }
            if ContinuousClock.now >= stopBy { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(exited)
        #expect(status == 0, "exit status \(status)")
        let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(log.contains("\"GET /health\" 200"))
        #expect(!log.contains("key=x"), "the access log must not contain the query string")
    }
}
