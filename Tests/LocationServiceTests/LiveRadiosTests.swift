import Foundation
import GNSS
import PositioningCore
import TestSupport
import Testing

@testable import LocationService

@Suite struct LiveRadiosTests {
    /// A real receiver's log (gpsd's regression data) read as an NMEA device.
    static let receiverLog = TestPaths.fixture("gnss/skytraq-fix.log").path

    @Test func liveUpdatesReadTheReceiverOncePerEpochPacedByTheClock() async throws {
        let clock = ManualClock(now: ServiceTraces.start)
        let radios = LiveRadios(nmeaDevice: Self.receiverLog, interval: 5, clock: clock)
        var options = LocationManager.Options()
        options.sources = [.gps, .wifi]
        options.desiredAccuracy = .hundredMetres
        let manager = LocationManager(options: options, radios: radios, clock: clock)
        var updates = await manager.updates().makeAsyncIterator()

        let first = try #require(try await updates.next())
        // gpsd 3.22's own expected output for this log (skytraq-fix.log.chk): 44.068729937, -121.314120767
        #expect(abs(first.location.coordinate.latitude - 44.068729937) < 1e-6)
        #expect(first.location.timestamp == ServiceTraces.start)
        #expect(first.attempts.map(\.outcome) == [.fix, .skipped], "Wi-Fi is never scanned once GPS meets 100 m")

        await clock.waitForSleepers(1)
        clock.advance(by: 5)
        let second = try #require(try await updates.next())
        #expect(second.location.timestamp == ServiceTraces.start.addingTimeInterval(5))
    }

    @Test func anAcceleratedReplayIsPacedByTheClock() async throws {
        let samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 3)  // one a second
        let clock = ManualClock(now: ServiceTraces.start)
        let radios = ReplayRadios(samples: samples, clock: clock, pace: .recorded(speed: 4))
        #expect(try await radios.nextEpoch() == samples[0].time, "the first sample plays at once")
        let second = Task { try await radios.nextEpoch() }
        await clock.waitForSleepers(1)
        clock.advance(by: 0.2)
        #expect(clock.sleeperCount == 1, "a second of trace at 4× is 0.25 s: not yet")
        clock.advance(by: 0.05)
        #expect(try await second.value == samples[1].time)
    }

    @Test func anUnreachableGPSDIsUnavailableAtOnce() async throws {
        let radios = LiveRadios(gpsd: GPSDEndpoint(host: "127.0.0.1", port: 1))
        guard case .failed(let outcome, let reason) = await radios.read(.gps, budget: .seconds(20)) else {
            Issue.record("expected a failure")
            return
        }
        #expect(outcome == .unavailable)
        #expect(reason.contains("127.0.0.1:1"))
    }
}
