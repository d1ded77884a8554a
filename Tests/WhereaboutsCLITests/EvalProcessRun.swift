import Foundation
import TestSupport

/// Runs the `whereabouts` executable as a child process and awaits its exit without holding a
/// cooperative-pool thread: an evaluation imports a town and refits it k times, seconds of CPU
/// that must not run on (or block) the two pool threads every other test shares.
struct EvalProcessRun {
    var status: Int32
    var output: String
    var errors: String

    /// Runs `whereabouts arguments` with private HOME/XDG folders, then `environment` on top.
    init(_ arguments: [String], environment extra: [String: String] = [:]) async throws {
        let directory = TemporaryDirectory("eval-run")
        let outputPath = directory.path("stdout")
        let errorPath = directory.path("stderr")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = CommandRunner.whereaboutsExecutable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path("home")
        environment["XDG_CONFIG_HOME"] = directory.path("config")
        environment["XDG_DATA_HOME"] = directory.path("data")
        environment.removeValue(forKey: "WHEREABOUTS_DB")
        environment.merge(extra) { $1 }
        process.environment = environment
        // Files rather than pipes: nothing has to drain them while the child runs.
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = FileHandle.nullDevice
        status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }
}
