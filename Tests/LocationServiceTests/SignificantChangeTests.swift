import Foundation
import PositioningCore
import Testing
import TestSupport
import TownTestSupport

@testable import LocationService

@Suite(.preparing(TestTown.fixture)) struct SignificantChangeTests {
    @Test func significantChangesOnTheWalkComeFromCellsAndWiFiOnlyAndMarkTheirReason() async throws {
        let town = TestTown.shared
        let radios = ReplayRadios(samples: town.walk, pace: .unpaced)
        let manager = LocationManager(radios: radios, resolver: RadioMapResolver(path: town.path))
        let (fixes, error) = await collect(await manager.significantLocationChanges())
        #expect(error == nil)
        #expect(await radios.readCounts[.gps] == nil, "no GPS for significant changes")
        // Radio-quiet: while the serving cell stays, Wi-Fi comes from the scan cache. The walk's
        // cells are heard every fifth sample and stay readable 30 s, so most epochs have one.
        let wifiReads = await radios.readCounts[.wifi] ?? 0
        let cachedReads = await radios.cachedWiFiReadCount
        #expect(cachedReads > wifiReads / 2, "\(cachedReads) of \(wifiReads) Wi-Fi reads from the cache")
        #expect(cachedReads < wifiReads, "a cell change (or the first epoch) triggers a scan")
        #expect(fixes.first?.significantChange == .first)
        var previous: LocationFix?
        for fix in fixes {
            #expect(fix.location.source != .gps)
            switch fix.significantChange {
            case .accessPointsChanged(let distance)?:
                #expect(distance >= 500)
                let moved = Geodesy.distance(from: previous!.location.coordinate, to: fix.location.coordinate)
                #expect(abs(moved - distance) < 0.01)
            case .servingCellChanged(let from, let to)?:
                #expect(from != to)
            case .first?: #expect(previous == nil)
            case nil: Issue.record("a significant change without a reason")
            }
            previous = fix
        }
        // Fewer updates than scans: most scans are not significant.
        #expect(fixes.count < town.walk.filter { !$0.wifi.isEmpty }.count / 2)
    }
}
