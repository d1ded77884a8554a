import Foundation
import PositioningCore

extension LocationManager {
    /// Starts monitoring `region` (replacing one with the same id) and saves the monitored
    /// regions, so the next run monitors them too. Events arrive on `regionEvents()`; the first
    /// for this region is its initial state.
    ///
    /// ```swift
    /// try await manager.monitor(CircularRegion(id: "office", center: office, radius: 120))
    /// for try await event in await manager.regionEvents() { print(event.regionID, event.kind) }
    /// ```
    /// - Throws: `LocationError.regionMonitoringFailed` for an invalid region, more than
    ///   `maximumRegionCount` regions, or regions that cannot be saved.
    public func monitor(_ region: CircularRegion) throws(LocationError) {
        if let problem = region.problem { throw .regionMonitoringFailed(reason: problem) }
        let isNew = !regionMonitor.regions.contains { $0.id == region.id }
        if isNew && regionMonitor.regions.count >= Self.maximumRegionCount {
            throw .regionMonitoringFailed(reason: "at most \(Self.maximumRegionCount) regions can be monitored")
        }
        regionMonitor.add(region)
        try saveRegions()
    }

    /// Stops monitoring the region `id`; returns whether it was monitored.
    /// - Throws: `LocationError.regionMonitoringFailed` when the regions cannot be saved.
    @discardableResult
    public func stopMonitoring(id: String) throws(LocationError) -> Bool {
        guard regionMonitor.remove(id: id) else { return false }
        try saveRegions()
        return true
    }

    /// The monitored regions, in the order they were added.
    public var monitoredRegions: [CircularRegion] { regionMonitor.regions }

    /// What the monitor knows about region `id`: `.unknown` until a fix, nil when not monitored.
    public func state(ofRegion id: String) -> RegionMonitor.State? {
        regionMonitor.state(of: id)
    }

    /// The most regions monitored at once (Core Location's limit per app).
    public static let maximumRegionCount = 20

    private func saveRegions() throws(LocationError) {
        guard let store else { return }
        do {
            try store.saveRegions(regionMonitor.regions)
        } catch {
            throw .regionMonitoringFailed(reason: error.description)
        }
    }
}
