import Foundation
import PositioningCore
import SystemSupport

/// A `LearningSession` on a thread of its own, over its own read-write connection, so that
/// async code can hand it samples without ever waiting for the disk.
///
/// `offer(_:)` only queues; the thread judges the samples, writes a batch whenever one is full,
/// and whatever is queued once the samples' own clock moved `flushInterval` seconds past the
/// last write, so a live session that accepts few samples still reaches the disk. (Sample time,
/// not wall time: a replayed trace is then cut into the same batches however fast it plays.) Readers are never blocked: the radio map is in WAL mode. A write
/// that fails (a damaged disk, a full one) ends learning — later samples are dropped — and is
/// reported by `finish()`.
///
/// ```swift
/// let learner = try await BackgroundLearner.start(databasePath: path, name: "watch --learn")
/// for await sample in await manager.samples() { learner.offer(LearningSample(sample)) }
/// let outcome = await learner.finish()
/// print(outcome.report.observationsStored, outcome.failure?.description ?? "ok")
/// ```
public final class BackgroundLearner: @unchecked Sendable {
    /// What a finished session learned, and the write error that ended it early, if any.
    public struct Outcome: Sendable {
        public var report: LearningReport
        public var failure: RadioMapError?
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [LearningSample] = []
    private var finishing = false
    /// The caller of `finish()` waiting for the outcome (at most one). An array, not an
    /// optional: an optional continuation has a layout the runtime computes, which Swift 6.3.1's
    /// optimiser can get wrong in a class (see `MonotonicInstant`).
    private var finishWaiters: [CheckedContinuation<Outcome, Never>] = []
    private var outcome: Outcome?

    private init() {}

    /// Opens the radio map read-write on a new thread (creating it if missing) and starts the
    /// session there.
    /// - Parameters:
    ///   - name: Recorded in `imports` (shown by `db imports`).
    ///   - keepObservationsDays: The `keep_observations_days` setting, applied with the first batch.
    ///   - batchSize: Accepted samples per transaction.
    ///   - flushInterval: Seconds of sample time after which what is queued is written.
    /// - Throws: `RadioMapError` when the map cannot be opened for writing.
    public static func start(
        databasePath: String, name: String? = nil, policy: LearningPolicy = .standard, batchSize: Int = 30,
        keepObservationsDays: Int? = nil, flushInterval: TimeInterval = 60
    ) async throws(RadioMapError) -> BackgroundLearner {
        let learner = BackgroundLearner()
        let opened: Result<Void, RadioMapError> = await withCheckedContinuation { continuation in
            // The thread goes on learning after it has said whether the map opened.
            _ = DedicatedThread("whereabouts-learning") {
                let session: LearningSession
                do throws(RadioMapError) {
                    let map = try RadioMap(path: databasePath, mode: .readWrite)
                    session = LearningSession(
                        radioMap: map, name: name, policy: policy, batchSize: batchSize,
                        keepObservationsDays: keepObservationsDays)
                } catch {
                    continuation.resume(returning: .failure(error))
                    return
                }
                continuation.resume(returning: .success(()))
                learner.run(session, flushInterval: flushInterval)
            }
        }
        try opened.get()
        return learner
    }

    /// Queues `sample` for the learning thread; never blocks on the disk.
    public func offer(_ sample: LearningSample) {
        condition.lock()
        defer { condition.unlock() }
        guard !finishing else { return }
        queue.append(sample)
        condition.signal()
    }

    /// Learns what is queued, writes the last batch, closes the connection and returns the
    /// session's report. Later calls return the same outcome.
    public func finish() async -> Outcome {
        await withCheckedContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if let outcome {
                continuation.resume(returning: outcome)
                return
            }
            precondition(finishWaiters.isEmpty, "finish() is called from one place")
            finishing = true
            finishWaiters.append(continuation)
            condition.signal()
        }
    }

    private func run(_ session: LearningSession, flushInterval: TimeInterval) {
        var failure: RadioMapError?
        var lastWrite: Date?
        while true {
            condition.lock()
            while queue.isEmpty && !finishing { condition.wait() }
            let samples = queue
            queue = []
            let ending = finishing
            condition.unlock()
            if failure == nil {
                do throws(RadioMapError) {
                    for sample in samples {
                        let batches = session.report.batchesWritten
                        try session.offer(sample)
                        if session.report.batchesWritten != batches { lastWrite = sample.time }
                        let since = lastWrite ?? sample.time
                        lastWrite = since
                        if sample.time.timeIntervalSince(since) >= flushInterval {
                            try session.flush()
                            lastWrite = sample.time
                        }
                    }
                    if ending { try session.flush() }
                } catch {
                    failure = error
                }
            }
            guard ending else { continue }
            let result = Outcome(report: session.report, failure: failure)
            condition.lock()
            outcome = result
            let waiters = finishWaiters
            finishWaiters = []
            condition.unlock()
            for waiter in waiters { waiter.resume(returning: result) }
            return
        }
    }
}
