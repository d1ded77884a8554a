import Dispatch
import Foundation
import JSONCodec
import LocationService
import PositioningCore
import RadioMap
import Synchronization

/// `watch --learn` (or `learn = true` in the config): every sample the location service reads
/// is offered to a `BackgroundLearner` on the writable radio map, and a summary is printed at
/// the end. SIGINT and SIGTERM then end `watch` cleanly, so the last batch is written. A map
/// that `db calibrate` has calibrated is then recalibrated when that is cheap
/// (`RadioMap.keepCalibrated`), unless `--no-calibrate`: its kept survey scans take in the learned ones.
struct WatchLearning: Sendable {
    let manager: LocationManager
    let learner: BackgroundLearner
    let databasePath: String
    /// Whether the map is recalibrated after the session.
    let recalibrates: Bool
    private let consumer: Task<Void, Never>

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
        let learner: BackgroundLearner
        do {
            learner = try await BackgroundLearner.start(
                databasePath: databasePath,
                name: "watch --learn (\(source)) \(JSONWriter.iso8601(Date()))",
                keepObservationsDays: configuration.keepObservationsDays)
        } catch {
            throw CommandFailure(error)
        }
        let samples = await manager.samples()
        let consumer = Task {
            var feed = LearningFeed()
            for await sample in samples { learner.offer(feed.learningSample(for: sample)) }
        }
        return WatchLearning(
            manager: manager, learner: learner, databasePath: databasePath, recalibrates: recalibrates, consumer: consumer)
    }

    /// Stops taking samples, writes the last batch, recalibrates a calibrated map when sightings
    /// were stored, and prints the summary: lines on standard error, and with `--json` a
    /// `"type":"learning"` object on standard output.
    /// - Returns: `status`, or a failure when a write or the recalibration failed (the learned
    ///   sightings stay stored either way).
    func finish(status: ExitCode, json: Bool, context: CommandContext) async -> ExitCode {
        // The sample stream stays open across runs of the sources: end it here, after the
        // samples already read (those of the last fixes printed) have been taken.
        await manager.finishSamples()
        await consumer.value
        let outcome = await learner.finish()
        let report = outcome.report
        context.errors.line(Self.summary(report))
        var failure = outcome.failure.map { "learning stopped: \($0.description)" }
        // A write that failed says why in its exit code (74 for a full disk); others are 1.
        var failureCode = outcome.failure.map { CommandFailure($0).exitCode } ?? .failure
        var recalibrated = false
        if failure == nil, recalibrates, report.observationsStored > 0 {
            do {
                let radioMap = try RadioMap(path: databasePath, mode: .readWrite)
                recalibrated = try CalibrationReport.keepCalibrated(
                    radioMap, after: "this learning session", quiet: false, output: context.errors)
            } catch {
                failureCode = .failure
                failure = "recalibration after learning failed (the learned sightings are stored; "
                    + "run `whereabouts db calibrate`): \(error)"
            }
        }
        if json { context.output.line(Self.json(report, recalibrated: recalibrated, failure: failure)) }
        if let failure {
            context.errors.line("Error: \(failure)")
            return status == .success ? failureCode : status
        }
        return status
    }

    /// Runs `body` until it returns or SIGINT/SIGTERM arrives; then cancels it (so its streams
    /// end) and returns success.
    static func untilInterrupted(
        _ body: @escaping @Sendable () async throws -> ExitCode
    ) async throws -> ExitCode {
        let signals = TerminationSignals.shared
        return try await withThrowingTaskGroup(of: ExitCode.self) { group in
            group.addTask { try await body() }
            group.addTask {
                await signals.wait()
                return .success
            }
            let first = try await group.next() ?? .success
            group.cancelAll()
            return first
        }
    }

    static func summary(_ report: LearningReport) -> String {
        var text = "Learning: \(report.samplesAccepted) of \(report.samplesOffered) samples usable, "
            + "\(report.observationsStored) sightings stored in \(report.batchesWritten) batches; access points "
            + "\(report.accessPointsNew) new, \(report.accessPointsUpdated) updated, \(report.accessPointsMoved) moved; "
            + "cells \(report.cellsNew) new, \(report.cellsUpdated) updated"
        let skipped = report.rejections.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key.rawValue)" }
        if !skipped.isEmpty { text += " (skipped: \(skipped.joined(separator: ", ")))" }
        if let id = report.importID { text += ". Undo: whereabouts db forget-import \(id)" }
        return text
    }

    static func json(_ report: LearningReport, recalibrated: Bool, failure: String?) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("type")
        writer.write("learning")
        let counts: [(String, Int)] = [
            ("samplesOffered", report.samplesOffered), ("samplesAccepted", report.samplesAccepted),
            ("observationsStored", report.observationsStored), ("batchesWritten", report.batchesWritten),
            ("accessPointsNew", report.accessPointsNew), ("accessPointsUpdated", report.accessPointsUpdated),
            ("accessPointsMoved", report.accessPointsMoved), ("cellsNew", report.cellsNew),
            ("cellsUpdated", report.cellsUpdated), ("optedOutSkipped", report.optedOutSkipped),
            ("randomizedSkipped", report.randomizedSkipped),
        ]
        for (key, value) in counts {
            writer.writeKey(key)
            writer.write(value)
        }
        writer.writeKey("importID")
        if let id = report.importID { writer.write(Int(id)) } else { writer.writeNull() }
        writer.writeKey("recalibrated")
        writer.write(recalibrated)
        if let failure {
            writer.writeKey("error")
            writer.write(failure)
        }
        writer.endObject()
        return writer.string
    }
}

/// SIGINT and SIGTERM, caught on a dispatch queue (never by blocking a thread) from the first
/// use to the end of the process, so `watch --learn` writes its last batch before exiting.
private final class TerminationSignals: Sendable {
    static let shared = TerminationSignals()

    // Set once in init, never changed: kept only so the sources live as long as the process.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]
    private let state = Mutex<(arrived: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private init() {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        for source in sources {
            source.setEventHandler { [weak self] in self?.arrive() }
            source.resume()
        }
    }

    /// Returns when a signal arrived; never, if none does (cancel the task to stop waiting).
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.arrived || Task.isCancelled { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            arrive()
        }
    }

    private func arrive() {
        let waiters = state.withLock { state in
            state.arrived = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
