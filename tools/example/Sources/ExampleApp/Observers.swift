import CoreLocationLinux  // on iOS: import CoreLocation
import Foundation

/// An observer that shows the first few positions, as a map pin would, then leaves.
public final class MapPin: LocationObserver {
    private let limit: Int
    private var shown = 0

    public init(limit: Int) {
        self.limit = limit
    }

    public func locationDidUpdate(_ location: CLLocation) {
        shown += 1
        print("map: pin at \(Format.coordinate(location)) ±\(Int(location.horizontalAccuracy.rounded())) m")
        if shown == limit { SharedLocationManager.shared.removeObserver(self) }
    }
}

/// An observer that adds up the distance walked over `limit` updates, then reports and leaves.
public final class Odometer: LocationObserver {
    private let limit: Int
    private let onFinish: () -> Void
    private var previous: CLLocation?
    private var updates = 0
    private var metres: CLLocationDistance = 0

    public init(limit: Int, onFinish: @escaping () -> Void) {
        self.limit = limit
        self.onFinish = onFinish
    }

    public func locationDidUpdate(_ location: CLLocation) {
        if let previous = previous { metres += location.distance(from: previous) }
        previous = location
        updates += 1
        if updates == limit {
            print("odometer: \(Int(metres.rounded())) m over \(limit) updates")
            SharedLocationManager.shared.removeObserver(self)
            onFinish()
        }
    }
}
