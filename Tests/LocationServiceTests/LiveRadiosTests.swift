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
        let radios = LiveRadios(nmea: .device(path: Self.receiverLog), interval: 5, clock: clock)
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

    @Test func aLiveNMEADeviceIsReadContinuouslyAndEachEpochTakesTheLatestFix() async throws {
        let directory = TemporaryDirectory("nmea-fifo")
        let path = directory.path("receiver")
        try #require(mkfifo(path, 0o600) == 0)
        // The receiver holds the FIFO open read-write, so its writes never wait for the reader
        // and the reader never sees the end of the input.
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let receiver = RepeatingThread("receiver on a FIFO", every: .milliseconds(100)) { epoch in
            let position = Geodesy.destination(from: ServiceTraces.centre, distance: Double(epoch) * 2, bearing: 0)
            let bytes = Array(NMEATestWriter.epoch(latitude: position.latitude, longitude: position.longitude, second: epoch)
                .map { $0 + "\r\n" }.joined().utf8)
            _ = write(descriptor, bytes, bytes.count)
        }
        var options = LocationManager.Options()
        options.sources = [.gps]
        let radios = LiveRadios(nmea: .device(path: path), interval: 0.3)
        let manager = LocationManager(options: options, radios: radios)
        var latitudes: [Double] = []
        do {
            var updates = await manager.updates().makeAsyncIterator()
            for _ in 0..<4 { latitudes.append(try #require(try await updates.next()).location.coordinate.latitude) }
            #expect(await radios.isGNSSSessionOpen)
        }
        await receiver.stop()
        #expect(latitudes == latitudes.sorted() && Set(latitudes).count == 4, "each epoch a newer position of the walk: \(latitudes)")
        #expect(await eventually { await !radios.isGNSSSessionOpen }, "the device is closed with the last observer")
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
