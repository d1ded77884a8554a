import Foundation
import PositioningCore
import Synchronization
import TestSupport

@testable import CoreLocationLinux
@testable import LocationService

/// A delegate that writes down every callback, in order, and whether it came on its thread.
final class Recorder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    private let thread: RunLoopThread
    private let state = Mutex<(log: [String], locations: [CLLocation], errors: [CLError], offThread: Int)>(([], [], [], 0))
    /// Turns a location into its log entry (an index on a known trace, say).
    private let describe: @Sendable (CLLocation) -> String

    init(thread: RunLoopThread, describe: @escaping @Sendable (CLLocation) -> String) {
        self.thread = thread
        self.describe = describe
    }

    var log: [String] { state.withLock { $0.log } }
    var locations: [CLLocation] { state.withLock { $0.locations } }
    var errors: [CLError] { state.withLock { $0.errors } }
    /// Callbacks that came on another thread than the manager's.
    var offThreadCallbacks: Int { state.withLock { $0.offThread } }

    private func record(_ entry: String, location: CLLocation? = nil, error: (any Error)? = nil) {
        let onThread = thread.isCurrent
        state.withLock { state in
            state.log.append(entry)
            if let location { state.locations.append(location) }
            if let error = error as? CLError { state.errors.append(error) }
            if !onThread { state.offThread += 1 }
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations { record("update \(describe(location))", location: location) }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        record("fail \((error as? CLError)?.code.rawValue ?? -1)", error: error)
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        record("enter \(region.identifier)")
    }

    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        record("exit \(region.identifier)")
    }

    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {
        record("state \(region.identifier) \(state)")
    }

    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
        record("start \(region.identifier)")
    }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {
        record("monitoring failed \(region?.identifier ?? "all") \((error as? CLError)?.code.rawValue ?? -1)", error: error)
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        record("authorization \(manager.authorizationStatus)")
    }
}

/// An "app": a manager and its recording delegate, made on a run-loop thread and touched only there.
final class App: @unchecked Sendable {
    let manager: CLLocationManager
    let recorder: Recorder

    init(environment: CoreLocationEnvironment, thread: RunLoopThread, describe: @escaping @Sendable (CLLocation) -> String) {
        manager = CLLocationManager(environment: environment)
        recorder = Recorder(thread: thread, describe: describe)
        manager.delegate = recorder
    }

    /// Starts a run-loop thread and makes the app on it.
    static func start(
        _ environment: CoreLocationEnvironment, describe: @escaping @Sendable (CLLocation) -> String = { "\($0.coordinate.latitude)" }
    ) async -> (App, RunLoopThread) {
        let thread = await RunLoopThread.start("app main")
        let app = await thread.run { App(environment: environment, thread: thread, describe: describe) }
        return (app, thread)
    }

    /// Waits until the recorder's log has at least `count` entries (or a minute passed).
    func waitForLog(count: Int, within timeout: Duration = .seconds(60)) async -> [String] {
        let recorder = recorder
        _ = await Deadline(after: timeout).wait { recorder.log.count >= count }
        return recorder.log
    }
}

/// Synthetic GNSS traces with known geometry.
enum Walks {
    static let centre = Coordinate(latitude: 52.52, longitude: 13.405)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// GNSS fixes walking north `step` metres per second from `from` metres north of the centre.
    static func north(from: Double, step: Double, count: Int, accuracy: Double = 5) -> [RadioSample] {
        (0..<count).map { index in
            let time = start.addingTimeInterval(Double(index))
            let north = from + Double(index) * step
            let coordinate = Geodesy.destination(from: centre, distance: abs(north), bearing: north < 0 ? 180 : 0)
            return RadioSample(
                time: time, gnss: Location(coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: time, source: .gps))
        }
    }

    /// The sample index of a location on a trace made by `north`, by its time.
    static func index(of location: CLLocation) -> Int {
        Int(location.timestamp.timeIntervalSince(start).rounded())
    }
}
