import Foundation

/// What a finished process printed and how it ended.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs built executables from tests, with a deadline so a hung process fails the test
/// instead of hanging the suite.
public enum CommandRunner {
    /// The `whereabouts` executable built beside the test bundle.
    public static var whereaboutsExecutable: URL {
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
    public static func run(
        _ executable: URL, _ arguments: [String], input: String? = nil,
        environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try? standardInput.fileHandleForWriting.close()
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let outputData = DataCollector(output.fileHandleForReading)
        let errorData = DataCollector(errors.fileHandleForReading)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw TimeoutError(command: ([executable.lastPathComponent] + arguments).joined(separator: " "))
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, standardOutput: outputData.finish(),
            standardError: errorData.finish())
    }

    /// A command that did not finish before its deadline.
    public struct TimeoutError: Error, CustomStringConvertible {
        public let command: String
        public var description: String { "timed out: \(command)" }
    }
}

/// Reads a pipe to its end on a background thread.
private final class DataCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
