import CoreLocationLinux  // on iOS: import CoreLocation
import Foundation

/// Something that wants the app's location updates.
public protocol LocationObserver: AnyObject {
    func locationDidUpdate(_ location: CLLocation)
}

/// The app's one location manager: any number of observers share its updates, which run while
/// at least one observer is registered. (The usual iOS singleton.)
public final class SharedLocationManager: NSObject, CLLocationManagerDelegate {
    public static let shared = SharedLocationManager()

    private struct WeakObserver {
        weak var observer: LocationObserver?
    }

    private let manager = CLLocationManager()
    private var observers: [WeakObserver] = []

    private override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
        manager.distanceFilter = kCLDistanceFilterNone
    }

    /// The last known location, if any.
    public var lastLocation: CLLocation? { manager.location }

    public func addObserver(_ observer: LocationObserver) {
        observers.append(WeakObserver(observer: observer))
        if observers.count == 1 {
            if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
            manager.startUpdatingLocation()
        }
    }

    public func removeObserver(_ observer: LocationObserver) {
        observers.removeAll { $0.observer == nil || $0.observer === observer }
        if observers.isEmpty { manager.stopUpdatingLocation() }
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        for entry in observers { entry.observer?.locationDidUpdate(location) }
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("location error: \(error.localizedDescription)")
    }
}
