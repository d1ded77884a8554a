import Foundation
import SystemSupport
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
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path("home")
        environment["XDG_CONFIG_HOME"] = directory.path("config")
        environment["XDG_DATA_HOME"] = directory.path("data")
        environment.removeValue(forKey: "WHEREABOUTS_DB")
        environment.merge(extra) { $1 }
        // Files rather than pipes: nothing has to drain them while the child runs.
        let child = try ChildProcess.spawn(
            CommandRunner.whereaboutsExecutable.path, arguments, environment: environment, standardInput: .null,
            standardOutput: .file(outputPath), standardError: .file(errorPath))
        status = await DedicatedThread.run("whereabouts \(arguments.first ?? "")") { child.waitForExit() }.terminationStatus
        output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }
}
