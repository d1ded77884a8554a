import Foundation

/// Decides region entries and exits from a sequence of fixes, without flapping at the edge.
///
/// The first fix after a region is added reports its initial state (`.inside`/`.outside`, by
/// the fix's centre; not a crossing). After that the state changes only on clear evidence: the
/// position is beyond the boundary by the region's `cushion` (max(10 m, 5 % of the radius))
/// *and* the fix's uncertainty circle no longer straddles the boundary. Fixes in between change
/// nothing. With a `dwell` time the new side must stay clear for that long (fixes that are
/// clearly back on the old side cancel it) before the event fires. Pure: time comes from the
/// fixes' timestamps.
///
/// ```swift
/// var monitor = RegionMonitor(dwell: 0)
/// monitor.add(CircularRegion(id: "park", center: centre, radius: 200))
/// for fix in fixes { for event in monitor.update(with: fix) { print(event.regionID, event.kind) } }
/// ```
public struct RegionMonitor: Hashable, Sendable {
    /// Which side of a region's boundary the device is on, as far as the monitor knows.
    public enum State: String, Hashable, Sendable {
        case unknown, inside, outside
    }

    private struct Tracked: Hashable, Sendable {
        var region: CircularRegion
        var state: State = .unknown
        /// A clear reading of the other side, waiting out the dwell time: since when.
        var pendingSince: Date?
    }

    /// Seconds the device must stay clearly on the new side before a crossing fires.
    public var dwell: Double
    private var tracked: [Tracked] = []

    /// Creates a monitor with no regions.
    public init(dwell: Double = 0) {
        self.dwell = max(0, dwell)
    }

    /// The monitored regions, in the order they were added.
    public var regions: [CircularRegion] { tracked.map(\.region) }

    /// The current state of the region `id`, nil when it is not monitored.
    public func state(of id: String) -> State? {
        tracked.first { $0.region.id == id }?.state
    }

    /// Starts monitoring `region` (replacing one with the same id); its state starts unknown.
    public mutating func add(_ region: CircularRegion) {
        tracked.removeAll { $0.region.id == region.id }
        tracked.append(Tracked(region: region))
    }

    /// Stops monitoring the region `id`; returns whether it was monitored.
    @discardableResult
    public mutating func remove(id: String) -> Bool {
        let before = tracked.count
        tracked.removeAll { $0.region.id == id }
        return tracked.count != before
    }

    /// Feeds one fix; returns the events it decides, in region order.
    public mutating func update(with location: Location) -> [RegionEvent] {
        guard location.isValid else { return [] }
        var events: [RegionEvent] = []
        for index in tracked.indices {
            if let kind = Self.advance(&tracked[index], with: location, dwell: dwell) {
                events.append(RegionEvent(regionID: tracked[index].region.id, kind: kind, time: location.timestamp, location: location))
            }
        }
        return events
    }

    /// The side `location` is clearly on, or nil when it is too close to the boundary to say.
    static func clearSide(of region: CircularRegion, for location: Location) -> State? {
        let distance = Geodesy.distance(from: region.center, to: location.coordinate)
        let accuracy = location.horizontalAccuracy
        if distance <= region.radius - region.cushion && distance + accuracy <= region.radius { return .inside }
        if distance >= region.radius + region.cushion && distance - accuracy >= region.radius { return .outside }
        return nil
    }

    private static func advance(_ entry: inout Tracked, with location: Location, dwell: Double) -> RegionEvent.Kind? {
        let side = clearSide(of: entry.region, for: location)
        switch entry.state {
        case .unknown:
            let inside = Geodesy.distance(from: entry.region.center, to: location.coordinate) <= entry.region.radius
            entry.state = inside ? .inside : .outside
            return inside ? .inside : .outside
        case .inside, .outside:
            guard let side else { return nil }
            guard side != entry.state else {
                entry.pendingSince = nil
                return nil
            }
            let since = entry.pendingSince ?? location.timestamp
            entry.pendingSince = since
            guard location.timestamp.timeIntervalSince(since) >= dwell else { return nil }
            entry.pendingSince = nil
            entry.state = side
            return side == .inside ? .enter : .exit
        }
    }
}
