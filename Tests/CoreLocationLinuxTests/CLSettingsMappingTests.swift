import Foundation
import PositioningCore
import Testing
import TestSupport
import WorldSimulator

@testable import CoreLocationLinux
@testable import LocationService

/// The town the settings tests walk, and the directory holding it (removed when the test
/// process ends).
final class CoreLocationTown: Sendable {
    static let fixture = SharedFixture("corelocation town") { try CoreLocationTown() }

    let directory = TemporaryDirectory("corelocation-town")
    let world: SimulatedWorld

    init() throws {
        world = try SimulatedWorld.build(seed: 11, in: directory.path("town"), walkDuration: 120)
    }
}

/// The manager's settings as the engine sees them, on a simulated town's walk (GPS, cells and
/// Wi-Fi scans, the radio map imported from its survey).
/// The town is a shared fixture, built off the pool before the first test starts (a `static let`
/// built it inside Swift's one-time initialiser, the second test blocked on the first there,
/// and on the pool that stalled every async test of the process: CI of b2cc359).
@Suite(.preparing(CoreLocationTown.fixture), .onItsOwnThread) struct CLSettingsMappingTests {
    func environment(sources: [PositioningSource]) throws -> CoreLocationEnvironment {
        let world = try CoreLocationTown.fixture.value.world
        var options = LocationManager.Options()
        options.sources = sources
        return CoreLocationEnvironment(
            options: options, radios: ReplayRadios(samples: world.walk(), pace: .unpaced),
            resolver: RadioMapResolver(path: world.radioMapPath))
    }

    /// The accuracy of the one fix `requestLocation()` delivers at `desiredAccuracy`.
    func requestedAccuracy(_ desiredAccuracy: CLLocationAccuracy, sources: [PositioningSource]) async throws -> Double {
        let (app, thread) = await App.start(try environment(sources: sources))
        await thread.run {
            app.manager.desiredAccuracy = desiredAccuracy
            app.manager.requestLocation()
        }
        let log = await app.waitForLog(count: 2)
        await thread.stop()
        return try #require(app.recorder.locations.first, "the delegate heard: \(log)").horizontalAccuracy
    }

    @Test func desiredAccuracyIsWhereTheSourceFallbackStops() async throws {
        // Wi-Fi first: its fix (an uncalibrated radius of some hundred metres) meets a kilometre,
        // so the GPS is never read; "best" reads every source and the GPS fix (4–9 m) wins.
        let kilometre = try await requestedAccuracy(kCLLocationAccuracyKilometer, sources: [.wifi, .gps])
        let best = try await requestedAccuracy(kCLLocationAccuracyBest, sources: [.wifi, .gps])
        #expect(kilometre > 20 && kilometre <= 1_000)
        #expect(best < 10)
    }

    @Test func significantChangesNeverUseTheGPS() async throws {
        let environment = try environment(sources: PositioningSource.defaultOrder)
        let (app, thread) = await App.start(environment)
        await thread.run { app.manager.startMonitoringSignificantLocationChanges() }
        let log = await app.waitForLog(count: 2)
        let radios = try #require(environment.radios as? ReplayRadios)
        await radios.waitUntilStopped()
        await thread.run {}
        let locations = app.recorder.locations
        #expect(!locations.isEmpty, "the delegate heard: \(log)")
        #expect(await radios.readCounts[.gps] == nil)
        // Cell and Wi-Fi fixes are tens to hundreds of metres wide, never a GPS's few metres.
        #expect(locations.allSatisfy { $0.horizontalAccuracy > 10 })
        #expect(app.recorder.offThreadCallbacks == 0)
        await thread.stop()
    }
}
