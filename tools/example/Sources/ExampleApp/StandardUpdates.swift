import CoreLocationLinux  // on iOS: import CoreLocation
import Foundation

/// Starts standard updates at a hundred-metre accuracy with a distance filter, logs each
/// update, and stops after `limit` of them.
public final class StandardUpdates: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private let limit: Int
    private let onFinish: () -> Void
    private var count = 0

    public init(limit: Int, distanceFilter: CLLocationDistance, onFinish: @escaping () -> Void) {
        self.limit = limit
        self.onFinish = onFinish
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        manager.distanceFilter = distanceFilter
    }

    public func start() {
        manager.startUpdatingLocation()
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations where count < limit {
            count += 1
            print("update \(count): \(Format.coordinate(location)) ±\(Int(location.horizontalAccuracy.rounded())) m")
        }
        if count == limit {
            manager.stopUpdatingLocation()
            print("stopped after \(limit) updates")
            onFinish()
        }
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("no location yet: \(error.localizedDescription)")
    }
}
