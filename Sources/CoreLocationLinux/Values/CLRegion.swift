import Foundation
import PositioningCore

/// A monitored area, as Core Location's `CLRegion`: an identifier and whether entries and
/// exits are reported. Only its subclass `CLCircularRegion` can be monitored; two regions with
/// the same identifier are equal (monitoring one replaces the other).
open class CLRegion: NSObject, @unchecked Sendable {
    /// The caller's name for the region.
    public let identifier: String
    /// Whether `locationManager(_:didEnterRegion:)` is called (default true).
    open var notifyOnEntry = true
    /// Whether `locationManager(_:didExitRegion:)` is called (default true).
    open var notifyOnExit = true

    /// A region named `identifier` (not monitorable by itself).
    public init(identifier: String) {
        self.identifier = identifier
    }

    open override var hash: Int { identifier.hashValue }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CLRegion)?.identifier == identifier
    }
}

/// A circle to monitor for entry and exit, as Core Location's `CLCircularRegion`. Crossings are
/// decided by the uncertainty-aware monitor: a fix counts only when it is clearly across the
/// boundary (by max(10 m, 5 % of the radius) and its own 68 % radius), so the edge does not flap.
///
/// ```swift
/// let office = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405),
///                               radius: 150, identifier: "office")
/// office.notifyOnExit = false
/// manager.startMonitoring(for: office)
/// ```
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    /// The centre.
    public let center: CLLocationCoordinate2D
    /// The radius in metres.
    public let radius: CLLocationDistance

    /// A circle of `radius` metres around `center`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Whether `coordinate` lies within the circle.
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        Geodesy.distance(
            from: Coordinate(latitude: center.latitude, longitude: center.longitude),
            to: Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)) <= radius
    }

    /// The location service's region.
    var circularRegion: CircularRegion {
        CircularRegion(id: identifier, center: Coordinate(latitude: center.latitude, longitude: center.longitude), radius: radius)
    }

    open override var description: String {
        "CLCircularRegion (identifier:'\(identifier)', center:<\(center.latitude),\(center.longitude)>, radius:\(radius))"
    }
}
