import Foundation
import PositioningCore

/// One run of a manager's continuous updates, as `whereabouts watch` runs them: the update (or
/// significant-change) stream, the region events of the monitored regions and, when a recorder
/// is given, every raw sample the radios read, consumed together until a limit of fixes is
/// reached, the updates fail, or a replayed trace ends.
///
/// The streams are subscribed in one step, so none misses the first epoch. The recorder sees
/// every sample read up to the end, including those of the last fixes delivered.
///
/// ```swift
/// let session = UpdateSession(maximumUpdates: 10, onFix: { print($0.location.coordinate) })
/// switch try await session.run(manager) {
/// case .updatesEnded, .limitReached: print("done")
/// case .failed(let error): print("Error: \(error)")
/// }
/// ```
public struct UpdateSession: Sendable {
    /// How a session ended.
    public enum End: Sendable {
        /// The updates ended by themselves (a replayed trace ended, or the task was cancelled),
        /// after the region events' last events.
        case updatesEnded
        /// `maximumUpdates` fixes were delivered.
        case limitReached
        /// The updates failed: after `maximumConsecutiveFailures` epochs without a fix, or
        /// because the sources cannot run.
        case failed(LocationError)
    }

    /// Whether only significant changes are delivered (`significantLocationChanges()`), not
    /// every update.
    public var significantChangesOnly: Bool
    /// How many fixes end the session; nil for no limit.
    public var maximumUpdates: Int?
    /// Told each fix, in order.
    public var onFix: @Sendable (LocationFix) -> Void
    /// Told each region event; region events are subscribed when the manager monitors a region.
    public var onRegionEvent: @Sendable (RegionEvent) -> Void
    /// Told each raw sample, in order (to append it to a replay trace); nil takes no samples.
    /// Its first error stops the recording, and `run` throws it once the updates end.
    public var recordSample: (@Sendable (RadioSample) throws -> Void)?

    /// A session delivering to these sinks.
    public init(
        significantChangesOnly: Bool = false, maximumUpdates: Int? = nil,
        recordSample: (@Sendable (RadioSample) throws -> Void)? = nil,
        onFix: @escaping @Sendable (LocationFix) -> Void, onRegionEvent: @escaping @Sendable (RegionEvent) -> Void = { _ in }
    ) {
        self.significantChangesOnly = significantChangesOnly
        self.maximumUpdates = maximumUpdates
        self.recordSample = recordSample
        self.onFix = onFix
        self.onRegionEvent = onRegionEvent
    }

    /// Runs the session on `manager` until it ends; cancelling the calling task ends it too
    /// (as `.updatesEnded`).
    /// - Returns: How the updates ended; a `LocationError` that ended them is returned, not thrown.
    /// - Throws: The recorder's first error, else any other error the streams ended with.
    public func run(_ manager: LocationManager) async throws -> End {
        let hasRegions = await !manager.monitoredRegions.isEmpty
        let subscription = await manager.subscribe(
            significantChangesOnly: significantChangesOnly, regionEvents: hasRegions, samples: recordSample != nil)
        let (updates, regionEvents) = (subscription.updates, subscription.regionEvents)
        // The recorder is not a child of the group below: cancelling it would drop the samples
        // still buffered, and the recording would miss the last fixes' readings.
        let recorder = subscription.samples.flatMap { samples in
            recordSample.map { record in
                Task {
                    for await sample in samples { try record(sample) }
                }
            }
        }
        let (maximumUpdates, onFix, onRegionEvent) = (maximumUpdates, onFix, onRegionEvent)
        let ended: Result<End, any Error>
        do {
            ended = .success(try await withThrowingTaskGroup(of: Ending?.self) { group in
                if let regionEvents {
                    group.addTask {
                        // Errors end the updates too, which report them.
                        do { for try await event in regionEvents { onRegionEvent(event) } } catch {}
                        return nil
                    }
                }
                group.addTask {
                    var count = 0
                    do {
                        for try await fix in updates {
                            onFix(fix)
                            count += 1
                            if let maximumUpdates, count >= maximumUpdates { return Ending(end: .limitReached, stopsOthers: true) }
                        }
                    } catch let error as LocationError {
                        return Ending(end: .failed(error), stopsOthers: true)
                    }
                    // A replayed trace ended: the other streams end with it, after their last events.
                    return Ending(end: .updatesEnded, stopsOthers: false)
                }
                var result = End.updatesEnded
                while let finished = try await group.next() {
                    if let finished {
                        result = finished.end
                        if finished.stopsOthers { group.cancelAll() }
                    }
                }
                return result
            })
        } catch {
            ended = .failure(error)
        }
        if let recorder {
            await manager.finishSamples()
            try await recorder.value
        }
        return try ended.get()
    }

    /// How the update stream ended, and whether the other streams must be stopped (they would
    /// not end by themselves).
    private struct Ending: Sendable {
        var end: End
        var stopsOthers: Bool
    }
}
