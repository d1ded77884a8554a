import CoreLocationLinux  // on iOS: import CoreLocation
import Foundation

/// Monitors a circular region and prints its state, entries and exits; finishes at the exit.
public final class RegionMonitor: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private let region: CLCircularRegion
    private let onFinish: () -> Void

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String, onFinish: @escaping () -> Void) {
        region = CLCircularRegion(center: center, radius: radius, identifier: identifier)
        region.notifyOnEntry = true
        region.notifyOnExit = true
        self.onFinish = onFinish
        super.init()
        manager.delegate = self
    }

    public func start() {
        guard CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) else {
            print("region monitoring is not available")
            return onFinish()
        }
        manager.startMonitoring(for: region)
    }

    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        print("monitoring \(region.identifier)")
    }

    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        print("\(region.identifier) is \(state == .inside ? "inside" : state == .outside ? "outside" : "unknown")")
    }

    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        print("entered \(region.identifier)")
    }

    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        print("exited \(region.identifier)")
        manager.stopMonitoring(for: region)
        onFinish()
    }

    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: Error) {
        print("monitoring failed: \(error.localizedDescription)")
        onFinish()
    }
}
