import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import CoreLocationLinux
@testable import LocationService

@Suite struct CLRegionMonitoringTests {
    static let square = CLLocationCoordinate2D(latitude: Walks.centre.latitude, longitude: Walks.centre.longitude)

    @Test func aWalkThroughARegionReportsItsStateThenEntryThenExit() async throws {
        // South to north through the centre, 10 m a second, accuracy 5 m; radius 100 m, cushion 10 m:
        // entry at 85 m (index 22), exit at 115 m past the centre (index 42).
        let radios = ReplayRadios(samples: Walks.north(from: -305, step: 10, count: 62), pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios))
        await thread.run {
            app.manager.startMonitoring(for: CLCircularRegion(center: Self.square, radius: 100, identifier: "square"))
        }
        let log = await app.waitForLog(count: 7)
        #expect(log == [
            "authorization authorizedAlways", "start square", "state square outside",
            "state square inside", "enter square", "state square outside", "exit square",
        ])
        #expect(app.recorder.offThreadCallbacks == 0)
        #expect(await thread.run { app.manager.monitoredRegions.map(\.identifier) } == ["square"])

        await thread.run { app.manager.requestState(for: CLCircularRegion(center: Self.square, radius: 100, identifier: "square")) }
        #expect(await app.waitForLog(count: 8).last == "state square outside")
        await thread.run { app.manager.stopMonitoring(for: CLRegion(identifier: "square")) }
        #expect(await thread.run { app.manager.monitoredRegions.isEmpty })
        await thread.stop()
    }

    @Test func notifyOnEntryAndExitChooseTheCallbacksButTheStateIsAlwaysTold() async throws {
        let radios = ReplayRadios(samples: Walks.north(from: -305, step: 10, count: 62), pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios))
        await thread.run {
            let region = CLCircularRegion(center: Self.square, radius: 100, identifier: "quiet")
            region.notifyOnEntry = false
            region.notifyOnExit = false
            app.manager.startMonitoring(for: region)
        }
        _ = await app.waitForLog(count: 5)
        await radios.waitUntilStopped()
        await thread.run {}
        #expect(app.recorder.log == [
            "authorization authorizedAlways", "start quiet", "state quiet outside", "state quiet inside", "state quiet outside",
        ])
        await thread.stop()
    }

    @Test func regionsThatCannotBeMonitoredFailWithRegionMonitoringFailure() async throws {
        let radios = ReplayRadios(samples: [], pace: .unpaced)
        let (app, thread) = await App.start(CoreLocationEnvironment(radios: radios))
        await thread.run {
            app.manager.startMonitoring(for: CLRegion(identifier: "beacon"))
            app.manager.startMonitoring(for: CLCircularRegion(center: Self.square, radius: -5, identifier: "negative"))
            app.manager.startMonitoring(for: CLCircularRegion(center: Self.square, radius: 500_000, identifier: "huge"))
        }
        let log = await app.waitForLog(count: 4)
        #expect(Set(log.dropFirst()) == ["monitoring failed beacon 5", "monitoring failed negative 5", "monitoring failed huge 5"])
        #expect(await thread.run { app.manager.monitoredRegions.isEmpty })
        await thread.stop()
    }
}
