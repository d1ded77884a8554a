import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// Wi-Fi readings left over from an earlier scan (`StaleReadings`): a moving device heard them
/// somewhere else, so they are set aside while fresh ones can answer.
@Suite struct StaleReadingTests {
    let estimator = WhereaboutsEstimator()

    /// Three routers heard now around the origin, and three heard `staleAge` ms earlier 250 m
    /// south — close enough to join one consensus, so only their age tells them apart.
    func drive(freshAge: Int = 0, staleAge: Int = 25_000, freshKnown: Bool = true) -> (RadioMapFixture, stale: [BSSID]) {
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] {
            map.addAccessPoint(30, bearing: bearing, known: freshKnown)
            map.wifi[map.wifi.count - 1].age = freshAge
        }
        var stale: [BSSID] = []
        for bearing in [160.0, 180, 200] {
            stale.append(map.addAccessPoint(250, bearing: bearing))
            map.wifi[map.wifi.count - 1].age = staleAge
        }
        return (map, stale)
    }

    @Test func readingsFromAnEarlierScanAreSetAside() throws {
        let (map, stale) = drive()
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        for bssid in stale { #expect(map.reason(for: bssid, in: estimate) == .stale) }
        #expect(estimate.used.count == 3)
        #expect(estimate.notes.contains { $0.contains("set aside 3 access point(s) last heard over 5 s before the freshest") })
    }

    @Test func withoutAgesTheSameScanIsPulledBack() throws {
        var (map, _) = drive()
        for index in map.wifi.indices { map.wifi[index].age = nil }
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) > 80)
        #expect(estimate.used.count == 6)
    }

    @Test func agesCountFromTheFreshestReadingNotFromZero() throws {
        // A request sent a minute after its scan: everything is old, the leftovers older still.
        let (map, stale) = drive(freshAge: 60_000, staleAge: 85_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(stale.allSatisfy { map.reason(for: $0, in: estimate) == .stale })
    }

    @Test func readingsOfOneScanAreNotStale() throws {
        // A full scan sweeps both bands in 2–4 s: its first and last channels differ by less
        // than `staleAge`.
        let (map, stale) = drive(freshAge: 0, staleAge: 4_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.used.count == 6)
        #expect(stale.allSatisfy { map.reason(for: $0, in: estimate) == nil })
    }

    @Test func staleReadingsAnswerWhenNoFreshOneIsKnown() throws {
        // Better an old position than none: the fresh routers are unknown to the map.
        let (map, stale) = drive(freshKnown: false)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.point(250, bearing: 180)) < 40)
        #expect(Set(estimate.used.map(\.emitter)) == Set(stale.map { EmitterID.accessPoint($0) }))
        #expect(!estimate.rejected.contains { $0.reason == .stale })
    }
}
