import Foundation
import PositioningCore
import Synchronization
import Testing

@testable import LocationService

/// `UpdateSession`, the loop of `whereabouts watch`: fixes, region events and recorded samples
/// together, until a limit, a failure or the end of a replayed trace.
@Suite struct UpdateSessionTests {
    @Test func aSessionStopsAfterItsLimitAndHasRecordedTheSampleOfEveryFixItDelivered() async throws {
        let samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 20)
        let manager = LocationManager(radios: ReplayRadios(samples: samples, pace: .unpaced))
        let delivered = Delivered()
        let session = UpdateSession(
            maximumUpdates: 3, recordSample: { sample in delivered.samples.withLock { $0.append(sample) } },
            onFix: { fix in delivered.fixes.withLock { $0.append(fix) } })
        let end = try await session.run(manager)
        guard case .limitReached = end else {
            Issue.record("expected the limit to end the session, got \(end)")
            return
        }
        let fixes = delivered.fixes.withLock { $0 }
        #expect(fixes.map { ServiceTraces.index(of: $0.location.timestamp, in: samples) } == [0, 1, 2])
        let recorded = delivered.samples.withLock { $0 }
        #expect(recorded.prefix(3).map(\.time) == samples.prefix(3).map(\.time), "the readings of every fix delivered")
        #expect(recorded.map(\.time) == samples.prefix(recorded.count).map(\.time), "in order, none twice")
        #expect(await eventually { await !manager.isUpdating }, "the sources stop with the session")
    }

    @Test func aFailureEndsTheSessionWithTheError() async throws {
        var samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 8)
        for index in 2..<8 { samples[index].gnss = nil }
        let manager = LocationManager(radios: ReplayRadios(samples: samples, pace: .unpaced))
        let delivered = Delivered()
        let session = UpdateSession(onFix: { fix in delivered.fixes.withLock { $0.append(fix) } })
        let end = try await session.run(manager)
        guard case .failed(.locationUnknown(let attempts)) = end else {
            Issue.record("expected location unknown, got \(end)")
            return
        }
        #expect(attempts.first?.reason == "no GNSS fix at this point of the trace")
        #expect(delivered.fixes.withLock { $0.count } == 2, "the fixes before the failure were delivered")
    }

    @Test func aReplayThatEndsEndsTheSessionAfterEveryFixAndRegionEvent() async throws {
        // South to north through a region of 100 m at the centre, 10 m a second (see
        // RegionAndPersistenceTests): outside at first, an entry at index 22, an exit at 42.
        let samples = ServiceTraces.walkNorth(from: -305, step: 10, count: 62)
        let manager = LocationManager(radios: ReplayRadios(samples: samples, pace: .unpaced))
        try await manager.monitor(CircularRegion(id: "square", center: ServiceTraces.centre, radius: 100))
        let delivered = Delivered()
        let session = UpdateSession(
            onFix: { fix in delivered.fixes.withLock { $0.append(fix) } },
            onRegionEvent: { event in delivered.regionEvents.withLock { $0.append(event) } })
        let end = try await session.run(manager)
        guard case .updatesEnded = end else {
            Issue.record("expected the end of the trace to end the session, got \(end)")
            return
        }
        #expect(delivered.fixes.withLock { $0.count } == samples.count)
        let events = delivered.regionEvents.withLock { $0 }.map { "\($0.kind) \(ServiceTraces.index(of: $0.time, in: samples)!)" }
        #expect(events == ["outside 0", "enter 22", "exit 42"])
    }

    @Test func aRecorderThatFailsStopsRecordingAndItsErrorIsThrownAtTheEnd() async throws {
        let samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 6)
        let manager = LocationManager(radios: ReplayRadios(samples: samples, pace: .unpaced))
        let delivered = Delivered()
        let session = UpdateSession(
            recordSample: { sample in
                let count = delivered.samples.withLock { samples in
                    samples.append(sample)
                    return samples.count
                }
                if count == 2 { throw DiskFull() }
            },
            onFix: { fix in delivered.fixes.withLock { $0.append(fix) } })
        await #expect(throws: DiskFull.self) { try await session.run(manager) }
        #expect(delivered.samples.withLock { $0.count } == 2, "nothing is recorded after the failed write")
        #expect(delivered.fixes.withLock { $0.count } == samples.count, "the updates ran on to the end of the trace")
    }
}

/// What a session's sinks were told, from any thread.
private final class Delivered: Sendable {
    let fixes = Mutex<[LocationFix]>([])
    let regionEvents = Mutex<[RegionEvent]>([])
    let samples = Mutex<[RadioSample]>([])
}

/// A recorder's write error.
private struct DiskFull: Error {}
