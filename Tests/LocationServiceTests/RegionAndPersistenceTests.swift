import Foundation
import PositioningCore
import TestSupport
import Testing

@testable import LocationService

@Suite struct RegionAndPersistenceTests {
    @Test func aWalkThroughARegionGivesItsInitialStateThenOneEntryAndOneExit() async throws {
        // South to north through the centre, 10 m a second; radius 100 m, cushion 10 m, accuracy 5 m.
        let samples = ServiceTraces.walkNorth(from: -305, step: 10, count: 62)
        let radios = ReplayRadios(samples: samples, pace: .unpaced)
        let manager = LocationManager(radios: radios)
        try await manager.monitor(CircularRegion(id: "square", center: ServiceTraces.centre, radius: 100))
        var events: [String] = []
        for try await event in await manager.regionEvents() {
            events.append("\(event.regionID) \(event.kind) \(ServiceTraces.index(of: event.time, in: samples)!)")
        }
        // Entry at the first fix 90 m or less from the centre (85 m, index 22), exit at the first
        // 110 m or more past it (115 m, index 42).
        #expect(events == ["square outside 0", "square enter 22", "square exit 42"])
    }

    @Test func regionsAndTheLastFixSurviveARestartInPrivateFiles() async throws {
        let directory = TemporaryDirectory("location-store")
        let store = LocationStore(directory: directory.path("state"))
        let samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 3)
        let clock = ManualClock(now: ServiceTraces.start)
        let first = LocationManager(radios: ReplayRadios(samples: samples, clock: clock), store: store, clock: clock)
        try await first.monitor(CircularRegion(id: "home", center: ServiceTraces.centre, radius: 150))
        try await first.monitor(CircularRegion(id: "work", center: ServiceTraces.centre, radius: 900))
        #expect(try await first.stopMonitoring(id: "work"))
        let fix = try await first.requestLocation()
        #expect(!fix.isCached)

        for name in ["last-location.json", "regions.json"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("state/\(name)"))
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
        }
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path("state"))
        #expect((folder[.posixPermissions] as? Int) == 0o700)

        // A new run: nothing to hear, but it remembers.
        let later = ManualClock(now: ServiceTraces.start.addingTimeInterval(30))
        let second = LocationManager(radios: ReplayRadios(samples: [], clock: later), store: store, clock: later)
        #expect(await second.monitoredRegions.map(\.id) == ["home"])
        let remembered = try #require(await second.lastKnownLocation)
        #expect(remembered.isCached)
        #expect(remembered.location.coordinate == fix.location.coordinate)
        #expect(remembered.location.timestamp == fix.location.timestamp)

        // Young enough for --max-age 60: returned, marked cached, no source read.
        let cached = try await second.requestLocation(maximumAge: 60)
        #expect(cached.isCached && cached.attempts.isEmpty)
        // Too old for --max-age 10: the sources run (and here find nothing).
        await #expect(throws: LocationError.self) { try await second.requestLocation(maximumAge: 10) }
        // Without maximumAge a cached fix is never handed out as a fresh one.
        do {
            _ = try await second.requestLocation()
            Issue.record("expected no sources")
        } catch {
            guard case .noSources = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func invalidRegionsAreRefused() async throws {
        let manager = LocationManager(radios: ReplayRadios(samples: []))
        await #expect(throws: LocationError.self) {
            try await manager.monitor(CircularRegion(id: "x", center: ServiceTraces.centre, radius: -1))
        }
        for index in 0..<LocationManager.maximumRegionCount {
            try await manager.monitor(CircularRegion(id: "r\(index)", center: ServiceTraces.centre, radius: 50))
        }
        do {
            try await manager.monitor(CircularRegion(id: "one-too-many", center: ServiceTraces.centre, radius: 50))
            Issue.record("expected a refusal")
        } catch {
            guard case .regionMonitoringFailed(let reason) = error else { Issue.record("got \(error)"); return }
            #expect(reason == "at most 20 regions can be monitored")
        }
    }
}
