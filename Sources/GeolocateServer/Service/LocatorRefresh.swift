import Foundation
import PositioningCore
import RadioMap
import Synchronization

/// Keeps a long-running server's locators in step with what it loaded from the radio map at
/// start — calibration factors, kept and tabled fingerprints, places — when `db calibrate`, an
/// import or a `watch --learn` session stores new ones while it runs. (Sightings need nothing:
/// every request looks them up afresh.)
///
/// Each worker calls `update(_:applied:)` before a request. At most once per `checkInterval`
/// the first worker to ask compares the map's `LoadedDataStamp` with the one loaded; when it
/// changed, `load` runs once (under the lock, so the workers share one fingerprint index) and
/// every worker applies the result before its next request.
///
/// ```swift
/// let refresh = try LocatorRefresh(radioMap: map) { map in
///     let factors = try map.calibrationFactors()
///     return { locator in locator.notes = factors.isEmpty ? ["not calibrated"] : [] }
/// }
/// var generation = 0
/// refresh.update(&locator, applied: &generation)
/// ```
public final class LocatorRefresh: Sendable {
    /// Sets a locator's loaded parts; made once per change by `load`, shared by all workers.
    public typealias Apply = @Sendable (inout Locator) -> Void

    private struct State {
        var checked: ContinuousClock.Instant
        var stamp: RadioMap.LoadedDataStamp
        var generation: Int
        var apply: Apply
    }

    /// How often the map is looked at.
    public let checkInterval: Duration
    private let load: @Sendable (RadioMap) throws -> Apply
    private let state: Mutex<State>

    /// Loads from `radioMap` once now (so a map that cannot be read is reported before the
    /// server listens); `load` reads the parts and returns how to set them on a locator.
    public init(
        radioMap: RadioMap, checkInterval: Duration = .seconds(5), load: @escaping @Sendable (RadioMap) throws -> Apply
    ) throws {
        self.checkInterval = checkInterval
        self.load = load
        let stamp = try radioMap.loadedDataStamp()
        state = Mutex(State(checked: .now, stamp: stamp, generation: 1, apply: try load(radioMap)))
    }

    /// Brings `locator` up to date. `generation` is the caller's record of what it applied
    /// (start at 0); a map that cannot be read now keeps the locator as it is.
    public func update(_ locator: inout Locator, applied generation: inout Int) {
        let now = ContinuousClock.now
        let (current, apply) = state.withLock { state -> (Int, Apply) in
            if now - state.checked >= checkInterval {
                state.checked = now
                if let stamp = try? locator.radioMap.loadedDataStamp(), stamp != state.stamp,
                    let apply = try? load(locator.radioMap)
                {
                    state.stamp = stamp
                    state.generation += 1
                    state.apply = apply
                }
            }
            return (state.generation, state.apply)
        }
        guard current != generation else { return }
        apply(&locator)
        generation = current
    }
}
