import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished process printed and how it ended.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs built executables from tests, with a deadline so a hung process fails the test
/// instead of hanging the suite.
public enum CommandRunner {
    /// The `whereabouts` executable built beside the test bundle, or `$WHEREABOUTS_EXECUTABLE`
    /// (a release build, to run the tests that start it against what users run).
    public static var whereaboutsExecutable: URL {
        if let override = ProcessInfo.processInfo.environment["WHEREABOUTS_EXECUTABLE"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundle.appendingPathComponent("whereabouts")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestPaths.packageRoot.appendingPathComponent(".build/debug/whereabouts")
    }

    /// Runs `whereabouts` with `arguments`, feeding `input` on stdin, and waits at most `timeout`.
    public static func whereabouts(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) throws -> CommandResult {
        try run(whereaboutsExecutable, arguments, input: input, environment: environment, timeout: timeout)
    }

    /// Runs `executable`; the environment is the test's own plus `environment`.
    ///
    /// Started with `posix_spawn` and reaped with `waitpid`, its input and output in files: not
    /// Foundation's `Process`, whose exit notice comes through Dispatch and arrived after the
    /// deadline (a 10 ms command "timed out" at 60 s) when the suite kept the machine busy.
    public static func run(
        _ executable: URL, _ arguments: [String], input: String? = nil,
        environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) throws -> CommandResult {
        let scratch = TemporaryDirectory("command")
        let (inputPath, outputPath, errorsPath) = (scratch.path("stdin"), scratch.path("stdout"), scratch.path("stderr"))
        try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inputPath))
        let processID = try SpawnedProcess.spawn(
            [executable.path] + arguments, output: .files(input: inputPath, output: outputPath, errors: errorsPath),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let child = ChildProcess(processID: processID)
        guard let status = child.waitForExit(before: .now + timeout) else {
            child.send(SIGKILL)
            child.waitForExit()
            throw TimeoutError(command: ([executable.lastPathComponent] + arguments).joined(separator: " "))
        }
        func text(_ path: String) -> String {
            (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return CommandResult(status: status.terminationStatus, standardOutput: text(outputPath), standardError: text(errorsPath))
    }

    /// A command that did not finish before its deadline.
    public struct TimeoutError: Error, CustomStringConvertible {
        public let command: String
        public var description: String { "timed out: \(command)" }
    }
}
