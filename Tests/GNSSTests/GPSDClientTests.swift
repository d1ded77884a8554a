import Foundation
import PositioningCore
import Testing

@testable import GNSS

/// Runs `body` against a fresh gpsd and always stops the daemon afterwards.
func withGPSD(port: Int? = nil, _ body: (LoopbackGPSD) async throws -> Void) async throws {
    let gpsd = try await LoopbackGPSD(port: port)
    let outcome: Result<Void, any Error>
    do {
        try await body(gpsd)
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    await gpsd.stop()
    try outcome.get()
}

/// Feeds one epoch every 100 ms until cancelled (a 10 Hz receiver).
func startFeeding(_ gpsd: LoopbackGPSD, latitude: Double, longitude: Double, fix: Bool = true) -> Task<Void, Never> {
    Task {
        var second = 0
        while !Task.isCancelled {
            gpsd.send(NMEATestWriter.epoch(latitude: latitude, longitude: longitude, second: second, fix: fix))
            second += 1
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// The first event matching `predicate`, or nil when none comes before `deadline`.
func firstEvent(
    _ iterator: inout AsyncStream<GPSDClient.Event>.Iterator, within deadline: Duration,
    where predicate: (GPSDClient.Event) -> Bool
) async -> GPSDClient.Event? {
    let end = ContinuousClock.now + deadline
    while ContinuousClock.now < end, let event = await iterator.next() {
        if predicate(event) { return event }
    }
    return nil
}

@Suite("GPSDClient against a real gpsd on loopback", .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct GPSDClientTests {
    static let berlin = (latitude: 52.520008, longitude: 13.404954)

    @Test func fixMatchesTheFedPositionWithAccuracyConvertedTo68Percent() async throws {
        try await withGPSD { gpsd in
            let feeder = startFeeding(gpsd, latitude: Self.berlin.latitude, longitude: Self.berlin.longitude)
            defer { feeder.cancel() }
            var iterator = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            var fixes: [Location] = []
            // From the second epoch on, gpsd knows the cycle and sends complete TPVs.
            _ = await firstEvent(&iterator, within: .seconds(10)) { event in
                if case .fix(let location) = event { fixes.append(location) }
                return fixes.count >= 6
            }
            let last = try #require(fixes.last, "no fix from gpsd within 10 s")
            for fix in fixes {
                #expect(abs(fix.coordinate.latitude - Self.berlin.latitude) < 1e-6)
                #expect(abs(fix.coordinate.longitude - Self.berlin.longitude) < 1e-6)
                #expect(fix.horizontalAccuracy > 0)
                #expect(fix.source == .gps)
            }
            // HDOP 0.9 → gpsd eph 17.1 m (95 %) → 10.6 m (68 %); VDOP 1.3 → epv 29.9 m → 15.2 m.
            #expect(abs(last.horizontalAccuracy - 17.1 * 0.62) < 0.01)
            #expect(abs(last.verticalAccuracy - 29.9 * 0.51) < 0.01)
            #expect(last.altitude == 34.5)
            #expect(abs(last.speed - 2.7 * 1852 / 3600) < 0.01)
            #expect(last.course == 45)
        }
    }

    /// A recorded drive (gpsd's own skytraq-fix.log) through a real gpsd: every fix the client
    /// reports is a position gpsd's expected output has, and most of them arrive.
    @Test func recordedLogThroughGPSDGivesTheRecordedPositions() async throws {
        let log = GNSSTestData.fixtures.appendingPathComponent("skytraq-fix.log")
        let replay = try GPSDRegressionReplay(log: log)
        let lines = try String(contentsOf: log, encoding: .utf8).split(whereSeparator: \.isNewline)
            .map(String.init).filter { $0.hasPrefix("$") }
        try await withGPSD { gpsd in
            var events = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            _ = await firstEvent(&events, within: .seconds(5)) {
                if case .devices = $0 { return true } else { return false }
            }
            let feeder = Task {
                for line in lines {
                    gpsd.send([line])
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            defer { feeder.cancel() }
            var fixes: [Location] = []
            _ = await firstEvent(&events, within: .seconds(10)) { event in
                if case .fix(let location) = event { fixes.append(location) }
                return fixes.count >= replay.expected.count / 2
            }
            #expect(fixes.count >= replay.expected.count / 2)
            for fix in fixes {
                #expect(replay.expected.contains { GPSDRegressionReplay.matches($0, fix.coordinate) }, "\(fix.coordinate)")
            }
        }
    }

    @Test func noFixEpochsGiveNoFix() async throws {
        try await withGPSD { gpsd in
            let feeder = startFeeding(gpsd, latitude: 0, longitude: 0, fix: false)
            defer { feeder.cancel() }
            let client = GPSDClient(endpoint: gpsd.endpoint)
            await #expect(throws: GNSSError.self) { try await client.firstFix(timeout: .seconds(1.5)) }
            var iterator = client.events().makeAsyncIterator()
            let event = await firstEvent(&iterator, within: .seconds(5)) {
                if case .fix = $0 { return true }
                if case .noFix(let mode) = $0 { return mode == 1 }
                return false
            }
            #expect(event == .noFix(mode: 1))
        }
    }

    @Test func silentGPSDTimesOutWithNoFix() async throws {
        try await withGPSD { gpsd in
            let started = ContinuousClock.now
            do throws(GNSSError) {
                let fix = try await GPSDClient(endpoint: gpsd.endpoint).firstFix(timeout: .milliseconds(600))
                Issue.record("unexpected fix \(fix)")
            } catch {
                guard case .noFix(let reason) = error else { Issue.record("expected noFix, got \(error)"); return }
                #expect(reason.contains("no fix"))
            }
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    @Test func restartedGPSDIsReconnected() async throws {
        var options = GPSDClient.Options()
        options.initialBackoff = 0.05
        var port = 0
        var iterator: AsyncStream<GPSDClient.Event>.Iterator?
        try await withGPSD { gpsd in
            port = gpsd.port
            var events = GPSDClient(endpoint: gpsd.endpoint, options: options).events().makeAsyncIterator()
            let connected = await firstEvent(&events, within: .seconds(5)) {
                if case .connected = $0 { return true } else { return false }
            }
            #expect(connected != nil)
            iterator = events
        }
        var events = try #require(iterator)
        let dropped = await firstEvent(&events, within: .seconds(5)) {
            if case .disconnected = $0 { return true } else { return false }
        }
        #expect(dropped != nil)
        try await withGPSD(port: port) { gpsd in
            let feeder = startFeeding(gpsd, latitude: -33.8568, longitude: 151.2153)
            defer { feeder.cancel() }
            let fix = await firstEvent(&events, within: .seconds(10)) {
                if case .fix = $0 { return true } else { return false }
            }
            guard case .fix(let location)? = fix else { Issue.record("no fix after reconnect"); return }
            #expect(abs(location.coordinate.latitude + 33.8568) < 1e-6)
        }
    }

    @Test func vanishedDeviceIsReported() async throws {
        try await withGPSD { gpsd in
            var events = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            let devices = await firstEvent(&events, within: .seconds(5)) {
                if case .devices = $0 { return true } else { return false }
            }
            #expect(devices != nil)
            try gpsd.removeDevice()
            let vanished = await firstEvent(&events, within: .seconds(5)) {
                if case .deviceVanished = $0 { return true } else { return false }
            }
            #expect(vanished == .deviceVanished(path: "udp://127.0.0.1:\(gpsd.feedPort)"))
        }
    }

    @Test func availabilityNamesTheDevice() async throws {
        try await withGPSD { gpsd in
            let availability = await GPSDClient(endpoint: gpsd.endpoint).availability()
            guard case .available(let detail) = availability else {
                Issue.record("expected available, got \(availability)")
                return
            }
            #expect(detail.contains("udp://127.0.0.1:\(gpsd.feedPort)"))
        }
    }
}

@Suite("GPSDClient without gpsd")
struct GPSDClientUnavailableTests {
    @Test func nothingListeningIsUnavailableWithRemedy() async throws {
        let port = try LoopbackGPSD.freePort(type: SOCK_STREAM)
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port))
        guard case .unavailable(let reason, let remedy) = await client.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("refused"))
        #expect(remedy.contains("--gpsd"))
        await #expect(throws: GNSSError.self) { try await client.firstFix(timeout: .seconds(2)) }
    }

    @Test func standardPortOnThisMachine() async throws {
        let availability = await GPSDClient().availability()
        if case .available(let detail) = availability {
            print("skipped: a gpsd with a receiver runs on 127.0.0.1:2947 (\(detail))")
            return
        }
        guard case .unavailable(let reason, let remedy) = availability else {
            Issue.record("expected unavailable, got \(availability)")
            return
        }
        #expect(reason.contains("127.0.0.1:2947"))
        #expect(!remedy.isEmpty)
    }
}
