import Foundation
import SystemSupport

/// What a long-running reader loaded once from a radio map — calibration factors, a fingerprint
/// index, whether it names places — kept current: at most once per `checkInterval` the map's
/// `LoadedDataStamp` is compared with the one loaded, and `load` runs again when it changed
/// (`db calibrate`, an import, `watch --learn` or a forget). The `Geolocation` pipeline's engine
/// keeps its loaded parts this way for `serve` and the location service.
///
/// ```swift
/// var factors = try LoadedData(from: map) { try $0.calibrationFactors() }
/// if try factors.refresh(from: map, load: { try $0.calibrationFactors() }) { print("recalibrated") }
/// ```
public struct LoadedData<Value> {
    /// What `load` returned last.
    public private(set) var value: Value
    /// Counts the loads: 1 after the first, one more each time the map changed.
    public private(set) var generation = 1
    /// How often the map is looked at.
    public let checkInterval: Duration
    private var stamp: RadioMap.LoadedDataStamp
    private var checked: MonotonicInstant

    /// Loads from `radioMap` now.
    public init(
        from radioMap: RadioMap, checkInterval: Duration = .seconds(5), load: (RadioMap) throws -> Value
    ) throws {
        self.checkInterval = checkInterval
        stamp = try radioMap.loadedDataStamp()
        checked = .now
        value = try load(radioMap)
    }

    /// Looks at `radioMap` when `checkInterval` has passed since the last look, and loads again
    /// when it changed. Returns whether `value` was replaced; when `load` fails, `value` stays.
    @discardableResult
    public mutating func refresh(from radioMap: RadioMap, load: (RadioMap) throws -> Value) throws -> Bool {
        let now = MonotonicInstant.now
        guard now - checked >= checkInterval else { return false }
        checked = now
        let current = try radioMap.loadedDataStamp()
        guard current != stamp else { return false }
        value = try load(radioMap)
        stamp = current
        generation += 1
        return true
    }
}

extension LoadedData: Sendable where Value: Sendable {}
