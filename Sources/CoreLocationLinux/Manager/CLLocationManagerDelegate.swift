import Foundation

/// What a `CLLocationManager` reports, as Core Location's `CLLocationManagerDelegate`. Every
/// method has a default implementation that does nothing, as Apple's are optional: implement
/// those you need. The manager calls them on the run loop of the thread that created it.
///
/// ```swift
/// final class Tracker: NSObject, CLLocationManagerDelegate {
///     func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
///         print(locations.last!.coordinate)
///     }
/// }
/// ```
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New positions, the most recent last.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// No position could be obtained now (a `CLError`); updates go on unless it is `.denied`.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// The device entered `region` (when its `notifyOnEntry` is set).
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// The device left `region` (when its `notifyOnExit` is set).
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// The state of `region`: its first determination, each crossing, or a `requestState(for:)`.
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    /// `region` (nil: all of them) cannot be monitored, with a `CLError`.
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    /// Monitoring `region` has begun.
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    /// The authorization is known: once after the manager is created, and on each change.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// The pre-iOS 14 form of `locationManagerDidChangeAuthorization(_:)`, called beside it.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {}
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}
