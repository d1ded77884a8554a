import Foundation
import PositioningCore

extension LocationManager {
    /// What one epoch of continuous updates produced for an `updateEvents()` observer.
    public enum UpdateEvent: Sendable {
        /// A fix that passed the observer's distance filter.
        case fix(LocationFix)
        /// The epoch's sources gave no fix: why (`.locationUnknown`, `.denied`, `.noSources`).
        case failure(LocationError)
    }

    /// Continuous updates that report failures instead of ending on them, as Core Location's
    /// delegate does: each epoch yields its fix (through the distance filter, as `updates()`)
    /// or, when no source fixed, the reason. The stream never ends on a failure, only when a
    /// replayed trace ends or its consumer stops iterating; it shares the running sources with
    /// every other observer.
    ///
    /// ```swift
    /// for await event in await manager.updateEvents() {
    ///     switch event {
    ///     case .fix(let fix): print(fix.location.coordinate)
    ///     case .failure(let error): print("no fix: \(error)")
    ///     }
    /// }
    /// ```
    /// - Parameter distanceFilter: metres between delivered fixes; nil takes `options.distanceFilter`.
    public func updateEvents(distanceFilter: Double? = nil) -> AsyncStream<UpdateEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: UpdateEvent.self, bufferingPolicy: .unbounded)
        guard options.isEnabled else {
            continuation.yield(.failure(.disabled))
            continuation.finish()
            return stream
        }
        let id = makeObserverID()
        eventObservers[id] = EventObserver(
            continuation: continuation, filter: DistanceFilter(metres: distanceFilter ?? options.distanceFilter))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        startIfNeeded()
        return stream
    }
}
