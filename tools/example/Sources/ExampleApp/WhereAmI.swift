import CoreLocationLinux  // on iOS: import CoreLocation
import Foundation

/// Asks for one location and reverse-geocodes it into a placemark.
public final class WhereAmI: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private let geocoder = CLGeocoder()
    private let onFinish: () -> Void

    public init(onFinish: @escaping () -> Void) {
        self.onFinish = onFinish
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
    }

    public func start() {
        manager.requestLocation()
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        print("fix: \(Format.coordinate(location)) ±\(Int(location.horizontalAccuracy.rounded())) m")
        geocoder.reverseGeocodeLocation(location) { placemarks, error in
            if let placemark = placemarks?.first {
                let parts = [placemark.name, placemark.administrativeArea, placemark.country].compactMap { $0 }
                print("near \(parts.joined(separator: ", ")) (\(placemark.isoCountryCode ?? "?"))")
            } else if let error = error {
                print("reverse geocoding failed: \(error.localizedDescription)")
            }
            self.onFinish()
        }
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print("no location: \(error.localizedDescription)")
        onFinish()
    }
}
