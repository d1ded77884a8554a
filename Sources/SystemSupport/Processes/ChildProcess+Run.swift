import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// What a command run to completion printed, and how it ended.
    public struct Outcome: Hashable, Sendable {
        /// How it ended (`.signalled(9)` when it was killed at the deadline).
        public var exitStatus: ExitStatus
        /// Everything it wrote to standard output.
        public var standardOutput: [UInt8]
        /// Everything it wrote to standard error.
        public var standardError: [UInt8]
        /// Whether it was still running at the deadline, and was killed for it.
        public var timedOut: Bool
    }

    /// Runs `executable` (a path) to completion on a thread of its own, off Swift's cooperative
    /// pool, collecting what it prints.
    ///
    /// Its standard input is `/dev/null`; it leads its own process group, and one still running
    /// at `timeout` is killed with SIGKILL together with everything it started (a script's
    /// children).
    /// - Parameter environment: Added to this process's environment (and overriding it).
    /// - Throws: `Errno` when it cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:], timeout: Duration
    ) async throws(Errno) -> Outcome {
        try await DedicatedThread.run("run \(executable)") { () throws(Errno) -> Outcome in
            try runToCompletion(executable, arguments, environment: environment, timeout: timeout)
        }
    }

    /// `run(_:_:environment:timeout:)` on the calling thread, which it blocks.
    public static func runToCompletion(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:], timeout: Duration
    ) throws(Errno) -> Outcome {
        let output = try Pipe()
        let errors: Pipe
        do { errors = try Pipe() } catch {
            output.closeBoth()
            throw error
        }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let spawned = Result { () throws(Errno) -> ChildProcess in
            try spawn(
                executable, arguments, environment: variables, standardInput: .null,
                standardOutput: .descriptor(output.writeEnd), standardError: .descriptor(errors.writeEnd),
                ownProcessGroup: true)
        }
        close(output.writeEnd.rawValue)
        close(errors.writeEnd.rawValue)
        defer {
            close(output.readEnd.rawValue)
            close(errors.readEnd.rawValue)
        }
        let child = try spawned.get()

        var collected: [[UInt8]] = [[], []]
        let ends = [output.readEnd, errors.readEnd]
        var open = [true, true]
        var timedOut = false
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 4096)
        var poll = PollSet()
        while open[0] || open[1] {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                timedOut = true
                child.send(SIGKILL, toGroup: true)
                break
            }
            poll.removeAll()
            for index in 0..<2 { poll.append(open[index] ? ends[index] : nil, events: .readable) }
            guard ((try? poll.wait(timeout: min(remaining + .milliseconds(1), .milliseconds(100)))) ?? 0) > 0 else { continue }
            for index in 0..<2 where open[index] && !poll.returnedEvents(at: index).isEmpty {
                do throws(Errno) {
                    let count = try ends[index].read(into: &chunk, retryOnInterrupt: false)
                    if count > 0 { collected[index].append(contentsOf: chunk[0..<count]) } else { open[index] = false }
                } catch .interrupted, .wouldBlock {
                    continue
                } catch {
                    open[index] = false
                }
            }
        }
        return Outcome(
            exitStatus: child.waitForExit(), standardOutput: collected[0], standardError: collected[1], timedOut: timedOut)
    }

    /// A pipe whose ends are closed on `exec`, so no other child started meanwhile inherits them.
    private struct Pipe {
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor

        /// The corresponding C function is `pipe` (Glibc's module has no `pipe2`).
        init() throws(Errno) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw Errno.current }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            readEnd = FileDescriptor(rawValue: ends[0])
            writeEnd = FileDescriptor(rawValue: ends[1])
        }

        func closeBoth() {
            close(readEnd.rawValue)
            close(writeEnd.rawValue)
        }
    }
}
