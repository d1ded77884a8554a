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
        let errors = directory.path("serve.err")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let executable = CommandRunner.whereaboutsExecutable.path
        let arguments = [executable, "serve", "--listen", "127.0.0.1:0", "--db", TestRadioMap.shared.path, "--log"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var processID: pid_t = 0
        try #require(posix_spawn(&processID, executable, &actions, &attributes, argv, environ) == 0)
        var exited = false
        defer {
            if !exited {
                kill(processID, SIGKILL)
                var status: Int32 = 0
                waitpid(processID, &status, 0)
            }
        }
        var port: UInt16?
        let end = ContinuousClock.now + .seconds(60)
        while port == nil && ContinuousClock.now < end {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            if let range = text.range(of: "http://127.0.0.1:") {
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let listening = try #require(port, "serve never said where it listens")
        let client = try HTTPTestClient(port: listening)
        try client.send("GET /health?key=x HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse()?.status == 200)
        kill(processID, SIGTERM)
        var status: Int32 = 0
        let stopBy = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < stopBy {
            if waitpid(processID, &status, WNOHANG) == processID {
                exited = true
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(exited)
        #expect(status == 0, "exit status \(status)")
        let log = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(log.contains("\"GET /health\" 200"))
        #expect(!log.contains("key=x"), "the access log must not contain the query string")
    }
}
