import Cellular
import Foundation
import GNSS
import PositioningCore
import Testing
import TestSupport

@testable import CoreLocationLinux
@testable import LocationService

@Suite struct CLLocationManagerTests {
    @Test func updatesArriveInOrderOnTheManagersThreadThroughTheDistanceFilter() async throws {
        // 10 m a second; a 25 m filter lets through every third fix.
        let radios = ReplayRadios(samples: Walks.north(from: 0, step: 10, count: 10), pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios)) { "\(Walks.index(of: $0))" }
        await thread.run {
            app.manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
            app.manager.distanceFilter = 25
            app.manager.startUpdatingLocation()
        }
        let log = await app.waitForLog(count: 5)
        #expect(log == ["authorization authorizedAlways", "update 0", "update 3", "update 6", "update 9"])
        #expect(app.recorder.offThreadCallbacks == 0)
        let location = try #require(app.recorder.locations.last)
        #expect(location.horizontalAccuracy == 5)
        #expect(abs(location.distance(from: CLLocation(latitude: Walks.centre.latitude, longitude: Walks.centre.longitude)) - 90) < 0.5)
        await thread.run { app.manager.stopUpdatingLocation() }
        await radios.waitUntilStopped()
        await thread.stop()
    }

    @Test func noUpdateFollowsStopUpdatingLocation() async throws {
        let clock = ManualClock(now: Walks.start)
        let radios = ReplayRadios(
            samples: Walks.north(from: 0, step: 10, count: 5), clock: clock, startingAt: Walks.start.addingTimeInterval(1))
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios, clock: clock)) { "\(Walks.index(of: $0))" }
        await thread.run { app.manager.startUpdatingLocation() }
        await clock.waitForSleepers(1)
        clock.advance(by: 1)  // the first sample plays
        #expect(await app.waitForLog(count: 2) == ["authorization authorizedAlways", "update 0"])
        await thread.run { app.manager.stopUpdatingLocation() }
        await radios.waitUntilStopped()
        clock.advance(by: 10)
        await thread.run {}
        #expect(app.recorder.log == ["authorization authorizedAlways", "update 0"])
        await thread.stop()
    }

    @Test func theCachedLocationIsTheLastFixWithItsOldTimestamp() async throws {
        let directory = TemporaryDirectory("corelocation-cache")
        let store = LocationStore(directory: directory.path("state"))
        let measured = Walks.start.addingTimeInterval(-3_600)
        var remembered = Location(coordinate: Walks.centre, horizontalAccuracy: 42, timestamp: measured, source: .wifi)
        remembered.horizontalAccuracy95 = 97
        try store.saveLastKnown(remembered)
        let radios = ReplayRadios(samples: Walks.north(from: 100, step: 10, count: 1), pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios, store: store)) { "\(Walks.index(of: $0))" }

        // Before any update: the remembered fix, as it was measured an hour ago.
        let cached = try #require(await thread.run { app.manager.location })
        #expect(cached.timestamp == measured)
        #expect(cached.horizontalAccuracy == 42)
        #expect(cached.horizontalAccuracy95 == 97, "the map's calibrated 95 % radius, kept with the fix")
        #expect(cached.coordinate.latitude == Walks.centre.latitude && cached.coordinate.longitude == Walks.centre.longitude)

        // After a request: the new fix.
        await thread.run { app.manager.requestLocation() }
        #expect(await app.waitForLog(count: 2) == ["authorization authorizedAlways", "update 0"])
        let fresh = try #require(await thread.run { app.manager.location })
        #expect(fresh.timestamp == Walks.start)
        #expect(abs(fresh.distance(from: cached) - 100) < 0.5)
        await thread.stop()
    }

    @Test func withNoSourceTheDelegateHearsLocationUnknownOnceAtTheFirstEpoch() async throws {
        // Samples with no reading: every source is unavailable at every epoch.
        let empty = (0..<3).map { RadioSample(time: Walks.start.addingTimeInterval(Double($0))) }
        let radios = ReplayRadios(samples: empty, pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios))
        await thread.run { app.manager.startUpdatingLocation() }
        _ = await app.waitForLog(count: 2)
        await radios.waitUntilStopped()
        await thread.run {}
        #expect(app.recorder.log == ["authorization authorizedAlways", "fail 0"])
        let error = try #require(app.recorder.errors.first)
        #expect(error.code == .locationUnknown)
        #expect(error.localizedDescription.contains("no location source is available here"))
        await thread.stop()
    }

    @Test func onAMachineWhereNoSourceRunsTheFailureComesAtTheFirstEpoch() async throws {
        // gpsd refused, no ModemManager, no radio map for the cell. Epochs ten minutes apart: a
        // failure that waited for a second epoch (or for a streak of them) would not come within
        // the test's deadline, however loaded the machine.
        var options = LocationManager.Options()
        options.sources = [.gps, .cell]
        let radios = LiveRadios(
            gpsd: GPSDEndpoint(host: "127.0.0.1", port: 1), modem: ModemManagerSource(mmcli: "/nonexistent/mmcli"),
            interval: 600)
        let (app, thread) = await App.start(CoreLocationEnvironment(options: options, radios: radios))
        await thread.run { app.manager.startUpdatingLocation() }
        let log = await app.waitForLog(count: 2, within: .seconds(120))
        #expect(log == ["authorization authorizedAlways", "fail 0"])
        let error = try #require(app.recorder.errors.first)
        #expect(error.localizedDescription.contains("gps: "), "each source's reason: \(error.localizedDescription)")
        #expect(app.recorder.offThreadCallbacks == 0)
        await thread.run { app.manager.stopUpdatingLocation() }
        await thread.stop()
    }

    @Test func disabledServicesAreDeniedEverywhere() async throws {
        var options = LocationManager.Options()
        options.isEnabled = false
        let radios = ReplayRadios(samples: Walks.north(from: 0, step: 10, count: 3), pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(options: options, radios: radios))
        await thread.run {
            app.manager.startUpdatingLocation()
            app.manager.requestLocation()
        }
        let log = await app.waitForLog(count: 3)
        #expect(log == ["authorization denied", "fail 1", "fail 1"])
        #expect(await thread.run { app.manager.authorizationStatus } == .denied)
        await thread.stop()
    }

    @Test func theClassMethodsSayWhatLinuxHas() {
        #expect(CLLocationManager.headingAvailable() == false)
        #expect(CLLocationManager.significantLocationChangeMonitoringAvailable())
        #expect(CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self))
        #expect(CLLocationManager.isMonitoringAvailable(for: CLRegion.self) == false)
    }
}
