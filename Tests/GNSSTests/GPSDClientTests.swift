import Foundation
import JSONCodec
import PositioningCore
import SystemSupport
import TestSupport
import Testing

@testable import GNSS

/// Runs `body` against a fresh gpsd and always stops the daemon afterwards.
///
/// The body runs on a thread of its own (`ThreadTaskExecutor`), not on Swift's cooperative
/// pool: every wait here has a deadline, and on a 2-core machine the pool's two threads can be
/// held for minutes by synchronous tests elsewhere in the suite, so a wait that began on the
/// pool could see its deadline pass before it was ever resumed ("no fix within 30 s" with the
/// fixes already queued). Everything the body blocks on runs on dedicated threads of its own.
func withGPSD(port: Int? = nil, _ body: (LoopbackGPSD) async throws -> Void) async throws {
    try await withTaskExecutorPreference(ThreadTaskExecutor.shared) {
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
}

/// Runs `body` while a 10 Hz receiver feeds gpsd one epoch every 100 ms. The receiver runs on
/// a thread of its own, so it keeps its pace however busy the concurrency pool is, and it has
/// sent its last datagram when this returns (before gpsd and its feed socket go away).
func whileFeeding<Value>(
    _ gpsd: LoopbackGPSD, latitude: Double, longitude: Double, fix: Bool = true, _ body: () async throws -> Value
) async throws -> Value {
    let receiver = RepeatingThread("receiver for gpsd", every: .milliseconds(100)) { second in
        gpsd.send(NMEATestWriter.epoch(latitude: latitude, longitude: longitude, second: second, fix: fix))
    }
    let outcome: Result<Value, any Error>
    do {
        outcome = .success(try await body())
    } catch {
        outcome = .failure(error)
    }
    await receiver.stop()
    return try outcome.get()
}

/// The first event matching `predicate`, or nil when none comes before `timeout`.
///
/// Each event is looked at before the deadline is, so events that arrived in time but were
/// read late (the test waited for a busy concurrency pool) still count. A client reports
/// `.silent` every `silenceTimeout` without a fix, so the wait on the stream always ends.
func firstEvent(
    _ iterator: inout AsyncStream<GPSDClient.Event>.Iterator, within timeout: Duration,
    where predicate: (GPSDClient.Event) -> Bool
) async -> GPSDClient.Event? {
    let deadline = Deadline(after: timeout)
    while let event = await iterator.next() {
        if predicate(event) { return event }
        if deadline.hasPassed { return nil }
    }
    return nil
}

/// Serialized: each test runs a daemon, a 10 Hz feed and a client thread; run side by side on a
/// 2-core machine that also runs the rest of the suite, they only compete with each other.
@Suite(
    "GPSDClient against a real gpsd on loopback", .serialized,
    .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct GPSDClientTests {
    static let berlin = (latitude: 52.520008, longitude: 13.404954)

    @Test func fixMatchesTheFedPositionWithAccuracyConvertedTo68Percent() async throws {
        try await withGPSD { gpsd in
            var fixes: [Location] = []
            try await whileFeeding(gpsd, latitude: Self.berlin.latitude, longitude: Self.berlin.longitude) {
                var iterator = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
                // From the second epoch on, gpsd knows the cycle and sends complete TPVs.
                _ = await firstEvent(&iterator, within: .seconds(60)) { event in
                    if case .fix(let location) = event { fixes.append(location) }
                    return fixes.count >= 6
                }
            }
            #expect(fixes.count >= 6)
            let last = try #require(fixes.last, "no fix from gpsd within 60 s")
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

    /// gpsd sends a receiver's first epoch once per sentence (GGA, GSA, RMC) until it knows the
    /// cycle; the client reports it as one fix and the repeats as revisions, so a walking
    /// receiver's fixes are each a new position.
    @Test func eachEpochIsOneFixThoughGPSDReportsTheFirstOnceASentence() async throws {
        try await withGPSD { gpsd in
            var events = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            let watching = await firstEvent(&events, within: .seconds(60)) {
                if case .devices = $0 { return true } else { return false }
            }
            try #require(watching != nil, "gpsd sent no DEVICES after ?WATCH within 60 s")
            // Five epochs walking north 2 m each, sent together: gpsd reports them in order.
            for second in 0..<5 {
                let position = Geodesy.destination(
                    from: Coordinate(latitude: 52.52, longitude: 13.405), distance: Double(second) * 2, bearing: 0)
                gpsd.send(NMEATestWriter.epoch(latitude: position.latitude, longitude: position.longitude, second: second))
            }
            var fixes: [Double] = []
            var revisions = 0
            _ = await firstEvent(&events, within: .seconds(60)) { event in
                if case .fix(let location) = event { fixes.append(location.coordinate.latitude) }
                if case .revisedFix = event { revisions += 1 }
                return fixes.count >= 5
            }
            #expect(fixes.count == 5 && fixes == fixes.sorted() && Set(fixes).count == 5, "one fix per epoch: \(fixes)")
            #expect(revisions >= 1, "gpsd repeated the first epoch (GGA, GSA before RMC)")
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
            // gpsd lists its devices once it has our ?WATCH; sentences sent before would not reach us.
            let watching = await firstEvent(&events, within: .seconds(60)) {
                if case .devices = $0 { return true } else { return false }
            }
            try #require(watching != nil, "gpsd sent no DEVICES after ?WATCH within 20 s")
            // The receiver replays the log on a thread of its own, at a steady 5 ms per sentence.
            let receiver = DedicatedThread("replay \(log.lastPathComponent)") {
                for line in lines {
                    gpsd.send([line])
                    var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                    nanosleep(&pause, nil)
                }
            }
            var fixes: [Location] = []
            _ = await firstEvent(&events, within: .seconds(60)) { event in
                if case .fix(let location) = event { fixes.append(location) }
                return fixes.count >= replay.expected.count / 2
            }
            await receiver.value
            #expect(fixes.count >= replay.expected.count / 2)
            for fix in fixes {
                #expect(replay.expected.contains { GPSDRegressionReplay.matches($0, fix.coordinate) }, "\(fix.coordinate)")
            }
        }
    }

    /// The command a user runs: `whereabouts locate --sources gps` against a real gpsd replaying
    /// a recorded drive answers with one of the recorded positions (and needs no radio map).
    @Test func locateCommandAnswersWithTheRecordedPositions() async throws {
        let log = GNSSTestData.fixtures.appendingPathComponent("skytraq-fix.log")
        let replay = try GPSDRegressionReplay(log: log)
        let lines = try String(contentsOf: log, encoding: .utf8).split(whereSeparator: \.isNewline)
            .map(String.init).filter { $0.hasPrefix("$") }
        try await withGPSD { gpsd in
            // The receiver loops over the log, so a fix is on the wire whenever the command asks.
            let receiver = RepeatingThread("replay for locate", every: .milliseconds(5)) { index in
                gpsd.send([lines[index % lines.count]])
            }
            let endpoint = "127.0.0.1:\(gpsd.port)"
            let result = await DedicatedThread("whereabouts locate") {
                Result {
                    try CommandRunner.whereabouts(
                        ["locate", "--sources", "gps", "--gpsd", endpoint, "--timeout", "20", "--json",
                         "--db", "/nonexistent/radiomap.sqlite"], timeout: .seconds(60))
                }
            }.value
            await receiver.stop()
            let run = try result.get()
            #expect(run.status == 0, "\(run.standardError)")
            let response = try JSONParser.parse(Array(run.standardOutput.utf8))
            let latitude = try #require(response["location"]?["lat"]?.doubleValue)
            let longitude = try #require(response["location"]?["lng"]?.doubleValue)
            let fix = Coordinate(latitude: latitude, longitude: longitude)
            #expect(replay.expected.contains { GPSDRegressionReplay.matches($0, fix) }, "\(fix) is not a recorded position")
            #expect(response["source"]?.stringValue == "gps")
        }
    }

    @Test func noFixEpochsGiveNoFix() async throws {
        try await withGPSD { gpsd in
            try await whileFeeding(gpsd, latitude: 0, longitude: 0, fix: false) {
                let client = GPSDClient(endpoint: gpsd.endpoint)
                await #expect(throws: GNSSError.self) { try await client.firstFix(timeout: .seconds(1.5)) }
                var iterator = client.events().makeAsyncIterator()
                let event = await firstEvent(&iterator, within: .seconds(60)) {
                    if case .fix = $0 { return true }
                    if case .noFix(let mode) = $0 { return mode == 1 }
                    return false
                }
                #expect(event == .noFix(mode: 1))
            }
        }
    }

    /// A silent gpsd (no receiver data, so no heartbeat either) ends the wait at the timeout.
    /// Timed on `withGPSD`'s thread of its own: on the shared concurrency pool the time would
    /// include however long other tests kept both of its threads busy.
    @Test func silentGPSDTimesOutWithNoFix() async throws {
        try await withGPSD { gpsd in
            let timeout = Duration.milliseconds(600)
            let started = ContinuousClock.now
            do throws(GNSSError) {
                let fix = try await GPSDClient(endpoint: gpsd.endpoint).firstFix(timeout: timeout)
                Issue.record("unexpected fix \(fix)")
            } catch {
                guard case .noFix(let reason) = error else { Issue.record("expected noFix, got \(error)"); return }
                #expect(reason.contains("no fix"))
                #expect(reason.contains("within 0.6 s"))
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= timeout)
            // A silent gpsd never ends the wait by itself: any bound tells a timeout honoured
            // from a hang; the slack is for a busy machine waking the waiter late.
            #expect(elapsed < timeout + .seconds(10))
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
            let connected = await firstEvent(&events, within: .seconds(60)) {
                if case .connected = $0 { return true } else { return false }
            }
            #expect(connected != nil)
            iterator = events
        }
        var events = try #require(iterator)
        let dropped = await withTaskExecutorPreference(ThreadTaskExecutor.shared) {
            await firstEvent(&events, within: .seconds(60)) {
                if case .disconnected = $0 { return true } else { return false }
            }
        }
        #expect(dropped != nil)
        try await withGPSD(port: port) { gpsd in
            let fix = try await whileFeeding(gpsd, latitude: -33.8568, longitude: 151.2153) {
                await firstEvent(&events, within: .seconds(60)) {
                    if case .fix = $0 { return true } else { return false }
                }
            }
            guard case .fix(let location)? = fix else { Issue.record("no fix after reconnect"); return }
            #expect(abs(location.coordinate.latitude + 33.8568) < 1e-6)
        }
    }

    @Test func vanishedDeviceIsReported() async throws {
        try await withGPSD { gpsd in
            var events = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            let devices = await firstEvent(&events, within: .seconds(60)) {
                if case .devices = $0 { return true } else { return false }
            }
            #expect(devices != nil)
            try await gpsd.removeDevice()
            let vanished = await firstEvent(&events, within: .seconds(60)) {
                if case .deviceVanished = $0 { return true } else { return false }
            }
            #expect(vanished == .deviceVanished(path: gpsd.devicePath))
        }
    }

    @Test func availabilityNamesTheDevice() async throws {
        try await withGPSD { gpsd in
            let availability = await GPSDClient(endpoint: gpsd.endpoint).availability()
            guard case .available(let detail) = availability else {
                Issue.record("expected available, got \(availability)")
                return
            }
            #expect(detail.contains(gpsd.devicePath))
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

    @Test func tenThousandReconnectsLeaveNoDescriptorBehind() async throws {
        let port = try LoopbackGPSD.freePort(type: SOCK_STREAM)
        var options = GPSDClient.Options()
        options.initialBackoff = 0.001
        options.maximumBackoff = 0.001
        let countDescriptors = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }
        let before = countDescriptors()
        let session = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port), options: options).openSession()
        var attempts = 0
        for await event in session.events {
            if case .disconnected = event { attempts += 1 }
            if attempts == 10_000 { break }
        }
        await session.close()
        let after = countDescriptors()
        #expect(attempts == 10_000)
        // Other suites run in this process and open files meanwhile (dozens at a time); one
        // socket per attempt would have leaked 10,000.
        #expect(after <= before + 200, "descriptors: \(before) before, \(after) after 10,000 refused connections")
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
