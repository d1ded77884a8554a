import ArgumentParsing
import Foundation
import JSONCodec
import LocationService
import RadioMap
import SystemSupport

/// `watch --learn` (or `learn = true` in the config): the location service's samples learned
/// into the writable radio map (`ManagerLearning`), and a summary printed at the end. SIGINT
/// and SIGTERM then end `watch` cleanly, so the last batch is written. A map that `db
/// calibrate` has calibrated is then recalibrated when that is cheap, unless `--no-calibrate`.
struct WatchLearning: Sendable {
    let learning: ManagerLearning
    /// Whether the map is recalibrated after the session.
    let recalibrates: Bool

    /// Whether this run learns: `--learn`, else `--no-learn`, else the config's `learn`.
    static func isRequested(_ learn: Bool?, configuration: Configuration) -> Bool {
        learn ?? configuration.learn
    }

    /// Opens the radio map for writing and starts feeding it the manager's samples.
    /// Call before subscribing to updates, so the first epoch is learned too.
    static func start(
        _ manager: LocationManager, databasePath: String, replay: String?, configuration: Configuration,
        recalibrates: Bool
    ) async throws(CommandFailure) -> WatchLearning {
        let source = replay.map { "replay of \(($0 as NSString).lastPathComponent)" } ?? "live radios"
        do {
            let learning = try await ManagerLearning.start(
                manager, databasePath: databasePath, name: "watch --learn (\(source)) \(JSONWriter.iso8601(Date()))",
                keepObservationsDays: configuration.keepObservationsDays)
            return WatchLearning(learning: learning, recalibrates: recalibrates)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Stops taking samples, writes the last batch, recalibrates a calibrated map when sightings
    /// were stored (`ManagerLearning.finish`), and prints the summary: lines on standard error,
    /// and with `--json` a `"type":"learning"` object on standard output.
    /// - Returns: `status`, or a failure when a write or the recalibration failed (the learned
    ///   sightings stay stored either way).
    func finish(status: ExitCode, json: Bool, context: CommandContext) async -> ExitCode {
        let outcome = await learning.finish(recalibrating: recalibrates)
        for line in outcome.summaryLines { context.errors.line(line) }
        if json { context.output.line(outcome.json) }
        guard let problem = outcome.problem else { return status }
        context.errors.line("Error: \(problem)")
        // A write that failed says why in its exit code (74 for a full disk); others are 1.
        let failureCode: ExitCode = switch problem {
        case .learningStopped(let error): CommandFailure(error).exitCode
        case .recalibrationFailed: .failure
        }
        return status == .success ? failureCode : status
    }

    /// Runs `body` until it returns or SIGINT/SIGTERM arrives; then cancels it (so its streams
    /// end) and returns success.
    static func untilInterrupted(
        _ body: @escaping @Sendable () async throws -> ExitCode
    ) async throws -> ExitCode {
        try await TerminationSignals.shared.untilArrival(interrupted: .success, body)
    }
}
