import Foundation
import PositioningCore
import Testing

@testable import LocationService

@Suite struct UpdatesTests {
    @Test func twoObserversShareOneSetOfSourcesWhichStopWithTheLast() async throws {
        let samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 10)
        let clock = ManualClock(now: ServiceTraces.start)
        // The first sample plays one second from now, so both observers are in place before it.
        let radios = ReplayRadios(samples: samples, clock: clock, startingAt: ServiceTraces.start.addingTimeInterval(1))
        let manager = LocationManager(radios: radios, clock: clock)
        let (received, sink) = AsyncStream.makeStream(of: String.self)
        let streamA = await manager.updates()
        let streamB = await manager.updates()
        let observerA = Task {
            for try await fix in streamA { sink.yield("A\(ServiceTraces.index(of: fix.location.timestamp, in: samples)!)") }
        }
        let observerB = Task {
            for try await fix in streamB { sink.yield("B\(ServiceTraces.index(of: fix.location.timestamp, in: samples)!)") }
        }
        var events = received.makeAsyncIterator()

        await clock.waitForSleepers(1)
        clock.advance(by: 1)
        let first = [await events.next(), await events.next()].compactMap { $0 }
        #expect(Set(first) == ["A0", "B0"])
        #expect(await radios.readCounts[.gps] == 1, "one reading serves both observers")

        observerA.cancel()
        #expect(await eventually { await manager.activeObserverCount == 1 })
        #expect(await radios.isRunning, "B still observes: the sources keep running")
        await clock.waitForSleepers(1)
        clock.advance(by: 1)
        #expect(await events.next() == "B1")
        #expect(await radios.readCounts[.gps] == 2)

        observerB.cancel()
        await radios.waitUntilStopped()
        #expect(await !radios.isRunning)
        #expect(await eventually { await !manager.isUpdating })
        sink.finish()
        #expect(await events.next() == nil, "nothing was delivered after both stopped")
    }

    @Test func aStreamEndsWithTheLastErrorAfterThreeEpochsWithoutAFix() async throws {
        var samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 8)
        for index in 2..<8 { samples[index].gnss = nil }
        let radios = ReplayRadios(samples: samples, pace: .unpaced)
        let manager = LocationManager(radios: radios)
        let (fixes, error) = await collect(await manager.updates())
        #expect(fixes.map { ServiceTraces.index(of: $0.location.timestamp, in: samples) } == [0, 1])
        guard case .locationUnknown(let attempts)? = error as? LocationError else {
            Issue.record("expected location unknown, got \(String(describing: error))")
            return
        }
        #expect(attempts.first?.reason == "no GNSS fix at this point of the trace")
        // Three failed epochs (2, 3, 4) ended it: the radios were not read further.
        #expect(await radios.readCounts[.gps] == 5)
        await radios.waitUntilStopped()
    }

    @Test func aNewObserverAfterTheFailuresGetsTheNextFix() async throws {
        var samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 8)
        for index in 1..<4 { samples[index].gnss = nil }
        let radios = ReplayRadios(samples: samples, pace: .unpaced)
        let manager = LocationManager(radios: radios)
        let (first, error) = await collect(await manager.updates())
        #expect(first.map { ServiceTraces.index(of: $0.location.timestamp, in: samples) } == [0])
        #expect(error is LocationError)
        var again = await manager.updates().makeAsyncIterator()
        let next = try #require(try await again.next())
        #expect(ServiceTraces.index(of: next.location.timestamp, in: samples) == 4)
    }

    @Test func theDistanceFilterCountsFromEachObserversLastDeliveredFix() async throws {
        let samples = ServiceTraces.walkNorth(from: 0, step: 20, count: 10)
        var options = LocationManager.Options()
        options.distanceFilter = 50
        let radios = ReplayRadios(samples: samples, pace: .unpaced, startingAt: nil)
        let manager = LocationManager(options: options, radios: radios)
        let raw = await manager.samples()
        let (fixes, error) = await collect(await manager.updates())
        #expect(error == nil, "the trace ended: the stream finishes normally")
        #expect(fixes.map { ServiceTraces.index(of: $0.location.timestamp, in: samples) } == [0, 3, 6, 9])
        // Speed and course come from the fixes: 20 m/s due north.
        #expect(fixes.dropFirst().allSatisfy { abs($0.location.speed - 20) < 0.1 && abs($0.location.course) < 0.5 })
        // Raw samples went to the sample observer, every one of them, for recording or learning.
        var seen: [RadioSample] = []
        for await sample in raw { seen.append(sample) }
        #expect(seen.map(\.time) == samples.map(\.time))
        #expect(seen.map(\.gnss?.coordinate) == samples.map(\.gnss?.coordinate))
    }
}
