import Foundation

/// Something region monitoring reports: the initial state of a region, or a crossing.
///
/// ```swift
/// switch event.kind {
/// case .inside, .outside: print("\(event.regionID) starts \(event.kind)")   // not a crossing
/// case .enter, .exit: print("\(event.regionID): \(event.kind) at \(event.time)")
/// }
/// ```
public struct RegionEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The first determination: the device is inside (not an entry).
        case inside
        /// The first determination: the device is outside (not an exit).
        case outside
        /// The device crossed into the region.
        case enter
        /// The device left the region.
        case exit

        /// Whether this is a crossing rather than an initial state.
        public var isCrossing: Bool { self == .enter || self == .exit }
    }

    /// The region's id.
    public var regionID: String
    /// Initial state or crossing.
    public var kind: Kind
    /// The time of the fix that decided it.
    public var time: Date
    /// The fix that decided it.
    public var location: Location

    /// Creates an event.
    public init(regionID: String, kind: Kind, time: Date, location: Location) {
        self.regionID = regionID
        self.kind = kind
        self.time = time
        self.location = location
    }
}
