import Foundation
import PositioningCore
import Testing

@testable import LocationService

@Suite struct SignificantChangeTests {
    @Test func significantChangesOnTheWalkComeFromCellsAndWiFiOnlyAndMarkTheirReason() async throws {
        let town = ServiceTown.shared
        let radios = ReplayRadios(samples: town.walk, pace: .unpaced)
        let manager = LocationManager(radios: radios, resolver: RadioMapResolver(path: town.mapPath))
        let (fixes, error) = await collect(await manager.significantLocationChanges())
        #expect(error == nil)
        #expect(await radios.readCounts[.gps] == nil, "no GPS for significant changes")
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
