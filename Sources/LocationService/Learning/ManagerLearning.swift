import Foundation
import PositioningCore
import RadioMap

/// What a `LocationManager` reads, learned into a writable radio map while it runs (`watch
/// --learn`): every sample it reads is offered to a `BackgroundLearner`, and when the session
/// finishes a map that `db calibrate` has calibrated is recalibrated when that is cheap
/// (`RadioMap.keepCalibrated`), so its kept survey scans take in the learned ones.
///
/// ```swift
/// let learning = try await ManagerLearning.start(manager, databasePath: path, name: "walk")
/// // … subscribe to the manager's updates, run …
/// let outcome = await learning.finish(recalibrating: true)
/// print(outcome.report.observationsStored, outcome.failure ?? "ok")
/// ```
public struct ManagerLearning: Sendable {
    /// What a finished session learned and what became of the map's calibration.
    public struct Outcome: Sendable {
        /// What was learned (complete up to a failed write).
        public var report: LearningReport
        /// The write that ended learning early; the sightings stored before it stay stored.
        public var failure: RadioMapError?
        /// What the recalibration did: nil when none was tried (not asked, nothing stored, or
        /// learning failed).
        public var recalibration: RadioMap.Recalibration?
        /// Why the recalibration failed; the learned sightings are stored all the same.
        public var recalibrationFailure: RadioMapError?
    }

    /// The manager whose samples are learned.
    public let manager: LocationManager
    /// The radio map learned into.
    public let databasePath: String
    private let learner: BackgroundLearner
    private let consumer: Task<Void, Never>

    /// Opens the radio map at `databasePath` for writing (creating it if missing) and starts
    /// feeding it the manager's samples. Call before subscribing to updates, so the first
    /// epoch is learned too.
    /// - Parameters:
    ///   - name: Recorded in `imports` (shown by `db imports`, undone by `db forget-import`).
    ///   - keepObservationsDays: The `keep_observations_days` setting, applied with the first batch.
    /// - Throws: `RadioMapError` when the map cannot be opened for writing.
    public static func start(
        _ manager: LocationManager, databasePath: String, name: String, keepObservationsDays: Int? = nil
    ) async throws(RadioMapError) -> ManagerLearning {
        let learner = try await BackgroundLearner.start(
            databasePath: databasePath, name: name, keepObservationsDays: keepObservationsDays)
        let samples = await manager.samples()
        let consumer = Task {
            var feed = LearningFeed()
            for await sample in samples { learner.offer(feed.learningSample(for: sample)) }
        }
        return ManagerLearning(manager: manager, databasePath: databasePath, learner: learner, consumer: consumer)
    }

    /// Stops taking samples (after those already read: the last fixes reported), writes the
    /// last batch and, when `recalibrating` and sightings were stored, keeps a calibrated map
    /// calibrated. Call once.
    public func finish(recalibrating: Bool) async -> Outcome {
        // The sample stream stays open across runs of the sources: end it here.
        await manager.finishSamples()
        await consumer.value
        let learned = await learner.finish()
        var outcome = Outcome(report: learned.report, failure: learned.failure)
        guard learned.failure == nil, recalibrating, learned.report.observationsStored > 0 else { return outcome }
        do throws(RadioMapError) {
            outcome.recalibration = try RadioMap(path: databasePath, mode: .readWrite).keepCalibrated()
        } catch {
            outcome.recalibrationFailure = error
        }
        return outcome
    }
}
