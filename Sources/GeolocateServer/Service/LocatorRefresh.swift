import Foundation
import PositioningCore
import RadioMap
import Synchronization

/// Keeps a long-running server's locators in step with what it loaded from the radio map at
/// start — calibration factors, kept and tabled fingerprints, places — when `db calibrate`, an
/// import or a `watch --learn` session stores new ones while it runs. (Sightings need nothing:
/// every request looks them up afresh.)
///
/// Each worker calls `update(_:applied:)` before a request. The loaded parts are a
/// `LoadedData`, looked at every 5 s by the first worker to ask; when the map changed, `load`
/// runs once (under the lock, so the workers share one fingerprint index) and every worker
/// applies the result before its next request.
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

    private let load: @Sendable (RadioMap) throws -> Apply
    private let loaded: Mutex<LoadedData<Apply>>

    /// Loads from `radioMap` once now (so a map that cannot be read is reported before the
    /// server listens); `load` reads the parts and returns how to set them on a locator.
    public init(
        radioMap: RadioMap, checkInterval: Duration = .seconds(5), load: @escaping @Sendable (RadioMap) throws -> Apply
    ) throws {
        self.load = load
        loaded = Mutex(try LoadedData(from: radioMap, checkInterval: checkInterval, load: load))
    }

    /// Brings `locator` up to date. `generation` is the caller's record of what it applied
    /// (start at 0); a map that cannot be read now keeps the locator as it is.
    public func update(_ locator: inout Locator, applied generation: inout Int) {
        let (current, apply) = loaded.withLock { loaded -> (Int, Apply) in
            _ = try? loaded.refresh(from: locator.radioMap, load: load)
            return (loaded.generation, loaded.value)
        }
        guard current != generation else { return }
        apply(&locator)
        generation = current
    }
}
