import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Starts daemons and helper scripts for tests (with `ChildProcess.spawn`: an empty signal mask
/// and default handlers, so they can be stopped) and hands back their process id.
public enum SpawnedProcess {
    /// A process that could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where a child's output goes.
    public enum Output: Sendable {
        /// Standard output and standard error both into this file (truncated first).
        case combined(String)
        /// Standard error into this file; standard output discarded.
        case standardError(String)
        /// Both inherited.
        case inherited
        /// Standard input read from `input`, standard output and error written to their own files.
        case files(input: String, output: String, errors: String)
    }

    /// Starts `arguments[0]` (an absolute path) with `arguments`, the test's environment and
    /// `output`; with `ownProcessGroup` the child leads a new group, so `kill(-pid, …)` stops it
    /// and everything it started.
    /// - Returns: the child's process id.
    /// `environment`, when given, replaces the test's own.
    public static func spawn(
        _ arguments: [String], output: Output = .inherited, ownProcessGroup: Bool = false,
        environment: [String: String]? = nil
    ) throws(Failure) -> Int32 {
        let streams: (input: ChildProcess.Stream, output: ChildProcess.Stream, errors: ChildProcess.Stream)
        switch output {
        case .combined(let path): streams = (.inherited, .file(path, permissions: 0o644), .standardOutput)
        case .standardError(let path): streams = (.inherited, .null, .file(path, permissions: 0o644))
        case .inherited: streams = (.inherited, .inherited, .inherited)
        case .files(let input, let output, let errors): streams = (.file(input), .file(output), .file(errors))
        }
        do throws(Errno) {
            return try ChildProcess.spawn(
                arguments[0], Array(arguments.dropFirst()), environment: environment, standardInput: streams.input,
                standardOutput: streams.output, standardError: streams.errors, ownProcessGroup: ownProcessGroup
            ).processID
        } catch {
            throw Failure(description: "cannot start \(arguments[0]): \(error)")
        }
    }

    /// Stops child `processID` (SIGSTOP) and waits until it is stopped: true; false when it has
    /// ended instead, and is then reaped. A test that looks at a running child takes each look
    /// with the child stopped, so that nothing moves between the look and what the test does
    /// next (SIGCONT to go on, SIGKILL to end it there).
    public static func stop(_ processID: Int32) -> Bool {
        guard kill(processID, SIGSTOP) == 0 else { return false }
        var status: Int32 = 0
        // A stopped child reports 0x7f in its status's low byte; anything else is an exit.
        return waitpid(processID, &status, WUNTRACED) == processID && status & 0xff == 0x7f
    }
}
