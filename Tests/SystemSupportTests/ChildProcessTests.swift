import Foundation
import Testing
import TestSupport

@testable import SystemSupport

@Suite struct ChildProcessTests {
    private static let shell = "/bin/sh"

    @Test(arguments: [(0, ChildProcess.ExitStatus.exited(0)), (3, .exited(3)), (255, .exited(255))])
    func theExitCodeIsReported(code: Int, status: ChildProcess.ExitStatus) async throws {
        let outcome = try await ChildProcess.run(Self.shell, ["-c", "exit \(code)"], timeout: .seconds(30))
        #expect(outcome.exitStatus == status)
        #expect(outcome.exitStatus.shellStatus == Int32(code))
        #expect(!outcome.timedOut)
    }

    @Test func aSignalThatEndsItIsReportedAsSuch() async throws {
        let outcome = try await ChildProcess.run(Self.shell, ["-c", "kill -TERM $$"], timeout: .seconds(30))
        #expect(outcome.exitStatus == .signalled(SIGTERM))
        #expect(outcome.exitStatus.shellStatus == 128 + SIGTERM)
    }

    @Test func standardOutputAndErrorAreCapturedApart() async throws {
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "echo out; echo \"$GREETING\" >&2; echo more"], environment: ["GREETING": "hi there"],
            timeout: .seconds(30))
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out\nmore\n")
        #expect(String(decoding: outcome.standardError, as: UTF8.self) == "hi there\n")
    }

    @Test func moreOutputThanAPipeHoldsIsCollectedWhole() async throws {
        let outcome = try await ChildProcess.run(Self.shell, ["-c", "head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2"], timeout: .seconds(30))
        #expect(outcome.standardOutput.count == 300_000)
        #expect(outcome.standardError.count == 200_000)
        #expect(outcome.exitStatus == .exited(0))
    }

    @Test func aCommandStillRunningAtTheTimeoutIsKilledWithWhatItStarted() async throws {
        // Timed on the running thread: an async test resumes late when the pool is busy.
        let (outcome, took) = try await DedicatedThread.run("timed run") { () throws(Errno) -> (ChildProcess.Outcome, Duration) in
            let started = ContinuousClock.now
            let outcome = try ChildProcess.runToCompletion(Self.shell, ["-c", "sleep 30 & echo $!; sleep 30"], timeout: .milliseconds(300))
            return (outcome, ContinuousClock.now - started)
        }
        #expect(outcome.timedOut)
        #expect(outcome.exitStatus == .signalled(SIGKILL))
        #expect(took < .seconds(20))
        // The background sleep (a grandchild) was killed with the group: it is gone, or a zombie
        // waiting for init to reap it.
        let grandchild = try #require(Int32(String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let ended = await DedicatedThread.run("grandchild") {
            Deadline(after: .seconds(10)).poll {
                guard let stat = try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8) else { return true }
                return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
            }
        }
        #expect(ended)
    }

    @Test func anExecutableThatDoesNotExistCannotStart() async {
        await #expect(throws: Errno.noSuchFileOrDirectory) {
            try await ChildProcess.run("/nonexistent/whereabouts-test-tool", timeout: .seconds(5))
        }
        #expect(ChildProcess.executablePath(named: "whereabouts-no-such-tool") == nil)
        #expect(ChildProcess.executablePath(named: "sh").map { $0.hasSuffix("/sh") } == true)
    }

    @Test func aSpawnedChildWritesToFilesAndIsWaitedForWithADeadline() async throws {
        let directory = TemporaryDirectory("child-spawn")
        let (input, output) = (directory.path("in"), directory.path("out"))
        try Data("from a file\n".utf8).write(to: URL(fileURLWithPath: input))
        let child = try ChildProcess.spawn(
            Self.shell, ["-c", "cat; echo \"$ONLY\" >&2; sleep 30"], environment: ["ONLY": "replaced", "PATH": "/usr/bin:/bin"],
            standardInput: .file(input), standardOutput: .file(output), standardError: .standardOutput, ownProcessGroup: true)
        // One thread waits, signals and reaps: the pool may be busy for longer than the script runs.
        let (stillRunning, signalled, status) = await DedicatedThread.run("wait, stop, reap") {
            let stillRunning = child.waitForExit(before: .now + .milliseconds(100))
            return (stillRunning, child.send(SIGTERM, toGroup: true), child.waitForExit())
        }
        #expect(stillRunning == nil)
        #expect(signalled)
        #expect(status == .signalled(SIGTERM))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "from a file\nreplaced\n")
        #expect(!child.send(0), "reaped: no such process any more")
    }

    /// A pipe another part of the process made without close-on-exec, while a long-lived child
    /// started: its reader sees the end of the data when its writer closes, not when the child
    /// exits (a child that kept the write end would hold the reader past any deadline).
    @Test func aChildGetsOnlyItsStandardStreamsNotThisProcesssOtherDescriptors() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let child = try ChildProcess.spawn(
            Self.shell, ["-c", "exec sleep 30"], standardInput: .null, standardOutput: .null, ownProcessGroup: true)
        close(writeEnd)
        let (endOfData, status) = await DedicatedThread.run("read, stop, reap") {
            var reader = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            // Readable at once means end of file here: nothing ever writes to the pipe.
            let ready = poll(&reader, 1, 10_000)
            var byte: UInt8 = 0
            let endOfData = ready == 1 && read(readEnd, &byte, 1) == 0
            child.send(SIGTERM, toGroup: true)
            return (endOfData, child.waitForExit())
        }
        #expect(endOfData, "the child kept the pipe's write end open")
        #expect(status == .signalled(SIGTERM))
    }

    @Test(arguments: [(Int32(0), ChildProcess.ExitStatus.exited(0)), (0x0300, .exited(3)), (9, .signalled(9)), (0x8F, .signalled(15))])
    func waitStatusesDecode(status: Int32, expected: ChildProcess.ExitStatus) {
        #expect(ChildProcess.ExitStatus(waitStatus: status) == expected)
    }
}
