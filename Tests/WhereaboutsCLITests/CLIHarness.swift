import Foundation
import SystemSupport
import TestSupport

@testable import WhereaboutsCLI

/// Runs `whereabouts` in process with memory sinks, so tests see exactly what a user would.
///
/// The command runs on a thread of its own (`ThreadTaskExecutor.run`), not on Swift's
/// cooperative pool: an `eval` or `import` computes for minutes without awaiting, and on a
/// 2-core machine two of them on the pool would stall every async test in the process past its
/// deadlines (Core Location's delegate callbacks, a gpsd fix) — as happened in CI.
struct CLIRun {
    var status: Int32
    var output: String
    var errors: String

    init(_ arguments: [String], environment: [String: String] = [:]) async {
        let output = MemorySink()
        let errors = MemorySink()
        // A private HOME and XDG folders so no test reads or writes the user's own files.
        // A run given no HOME gets one of its own, removed when it ends.
        let privateHome = environment["HOME"] == nil ? TemporaryDirectory("whereabouts-home") : nil
        var full = ["HOME": privateHome?.url.path ?? ""]
        full.merge(environment) { $1 }
        let context = CommandContext(output: output, errors: errors, environment: full)
        let name = "whereabouts " + (arguments.first ?? "")
        status = await ThreadTaskExecutor.run(name) { await Whereabouts.run(arguments, context: context) }
        withExtendedLifetime(privateHome) {}
        self.output = output.text
        self.errors = errors.text
    }
}

/// A simulated town (and its radio map) made once per test process and shared by the tests
/// that only read it. An actor, so concurrent tests wait for the one build instead of racing.
actor SharedTown {
    static let shared = SharedTown()

    let directory = SharedTown.directory

    private static let directory: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("whereabouts-cli-town-\(ProcessInfo.processInfo.processIdentifier)").path
        // Removed when the test process exits: the tests share it until the last one is done.
        atexit { try? FileManager.default.removeItem(atPath: SharedTown.directory) }
        return path
    }()
    // Tasks, not flags: an actor is re-entered at every await, so a flag would let two tests
    // start the same build.
    private var townTask: Task<String, Never>?
    private var mapTask: Task<String, Never>?

    /// The town's directory, written on first use.
    func town() async -> String {
        if townTask == nil {
            let directory = directory
            townTask = Task {
                _ = await CLIRun(["simulate", "--seed", "11", "--size", "tiny", "--out", directory])
                return directory
            }
        }
        return await townTask!.value
    }

    /// A radio map built from the town's survey and towers.
    func radioMap() async -> String {
        if mapTask == nil {
            let town = Task { await self.town() }
            mapTask = Task {
                let directory = await town.value
                let path = directory + "/map.sqlite"
                _ = await CLIRun(["import", "--db", path, directory + "/survey.wigle.csv", directory + "/cells.opencellid.csv"])
                return path
            }
        }
        return await mapTask!.value
    }
}
