import Foundation
import PositioningCore
import Testing

@testable import WorldSimulator

/// The traps a positioning engine must survive are in the survey at the configured rates.
@Suite struct TrapTests {
    static let written = Result { try WrittenTown(TownSpecification(
        seed: 21, centre: Coordinate(latitude: 52.52, longitude: 13.405), size: .small)) }
    /// The survey's rows, parsed once for all the tests here.
    static let rows = Result { try written.get().surveyRows() }

    @Test func movedRoutersAreSurveyedAtTheOldPlaceAndQueriedAtTheNew() throws {
        let written = try Self.written.get()
        let town = written.town
        let moved = town.accessPoints.filter(\.isMoved)
        let routers = Set(moved.map(\.routerIndex)).count
        #expect((2...20).contains(routers), "3 % of 250 routers, got \(routers)")
        for accessPoint in moved {
            #expect(accessPoint.surveyedPosition.distance(to: accessPoint.currentPosition) >= town.streets.extent / 3)
        }
        #expect(written.summary.surveyMovedRows > 0)
        #expect(written.summary.wifiQueriesWithMovedAccessPoints > 0)
        // Every survey row of a moved router is near where it was surveyed.
        let old = Dictionary(uniqueKeysWithValues: moved.map { ($0.bssid.description, $0.surveyedPosition) })
        var farAway = 0
        for row in try Self.rows.get() where row[10] == "WIFI" {
            guard let position = old[row[0]] else { continue }
            let place = town.coordinate(of: position)
            let seenAt = Coordinate(latitude: Double(row[6])!, longitude: Double(row[7])!)
            if Geodesy.distance(from: place, to: seenAt) > Town.hearingRadius + 50 { farAway += 1 }
        }
        #expect(farAway == 0)
    }

    @Test func hotspotsAreHeardAllAlongTheRoute() throws {
        let written = try Self.written.get()
        let rows = try Self.rows.get()
        for hotspot in written.town.hotspots {
            let seen = rows.filter { $0[0] == hotspot.bssid.description }
            let latitudes = seen.map { Double($0[6])! }
            #expect(seen.count > written.summary.surveyScans / (2 * written.town.hotspots.count))
            // Spread over the whole town, not one place: at least 600 m of latitude.
            #expect((latitudes.max()! - latitudes.min()!) * 111_000 > 600)
            #expect(seen.allSatisfy { Int($0[5])! > -65 })
        }
        #expect(written.town.hotspots.contains { $0.bssid.isLocallyAdministered })
    }

    @Test func randomizedAddressesAreNewEveryScan() throws {
        let written = try Self.written.get()
        let routers = Set(written.town.accessPoints.map(\.bssid.description))
        let hotspots = Set(written.town.hotspots.map(\.bssid.description))
        var seen: [String: Int] = [:]
        for row in try Self.rows.get() where row[10] == "WIFI" && !routers.contains(row[0]) && !hotspots.contains(row[0]) {
            seen[row[0], default: 0] += 1
        }
        #expect(seen.values.allSatisfy { $0 == 1 })
        #expect(seen.keys.allSatisfy { BSSID($0)!.isLocallyAdministered })
        let perScan = Double(seen.count) / Double(written.summary.surveyScans)
        #expect((0.3...0.5).contains(perScan), "0.4 randomized addresses per scan, got \(perScan)")
    }

    @Test func optedOutNetworksAppearAtTheConfiguredRate() throws {
        let written = try Self.written.get()
        let primaries = written.town.accessPoints.filter { $0.role == .primary }
        let rate = Double(primaries.count { $0.isOptedOut }) / Double(primaries.count)
        #expect((0.01...0.09).contains(rate), "4 % _nomap, got \(rate)")
        #expect(try Self.rows.get().contains { $0[1].hasSuffix("_nomap") })
    }

    @Test func locallyAdministeredSecondariesAreSeenOnSeparateDays() throws {
        let written = try Self.written.get()
        let secondaries = Set(written.town.accessPoints
            .filter { $0.role == .locallyAdministeredSecondary }.map(\.bssid.description))
        #expect(secondaries.count > 10)
        var days: [String: Set<Substring>] = [:]
        for row in try Self.rows.get() where secondaries.contains(row[0]) {
            days[row[0], default: []].insert(row[3].prefix(10))
        }
        let repeated = days.values.count { $0.count >= 2 }
        #expect(Double(repeated) >= 0.5 * Double(days.count), "\(repeated) of \(days.count) seen on 2+ days")
    }

    @Test func surveyHasGPSNoiseWithinTheReportedAccuracy() throws {
        let town = try Self.written.get().town
        var errors: [Double] = []
        var accuracies: [Double] = []
        town.forEachSurveyScan { scan in
            errors.append(scan.truePosition.distance(to: scan.reportedPosition))
            accuracies.append(scan.reportedAccuracy)
        }
        // Good GPS reports 3–8 m (±20 %); stretches of poor GPS 20–80 m (±20 %), for about
        // `gpsOutlierFraction` of the scans.
        #expect(accuracies.allSatisfy { (2.4...9.6).contains($0) || (16...96).contains($0) })
        let poor = Double(accuracies.count { $0 >= 16 }) / Double(accuracies.count)
        #expect(poor > 0 && poor < 2 * town.specification.gpsOutlierFraction, "\(poor) of the scans in poor GPS")
        let inside = zip(errors, accuracies).count { $0 <= $1 }
        let fraction = Double(inside) / Double(errors.count)
        #expect((0.5...0.85).contains(fraction), "about 68 % inside the reported accuracy, got \(fraction)")
    }
}
