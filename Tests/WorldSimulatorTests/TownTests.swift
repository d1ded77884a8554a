import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import WorldSimulator

@Suite(.onItsOwnThread) struct TownTests {
    @Test func antimeridianTownWrapsLongitudes() throws {
        // 1.6 km across, so the antimeridian (533 m east of 179.995° at 16.5° S) runs through it.
        var size = TownSize.tiny
        size.extentMeters = 1_600
        size.surveyCoverage = 0.5
        let written = try WrittenTown(.tiny(latitude: -16.5, longitude: 179.995, size: size))
        let centre = written.town.specification.centre
        var east = 0
        var west = 0
        var misplaced: [Coordinate] = []
        for row in try written.surveyRows() {
            let coordinate = Coordinate(latitude: Double(row[6])!, longitude: Double(row[7])!)
            if !coordinate.isValid || Geodesy.distance(from: centre, to: coordinate) > 1_500 { misplaced.append(coordinate) }
            if coordinate.longitude > 179 { east += 1 }
            if coordinate.longitude < -179 { west += 1 }
        }
        #expect(misplaced.isEmpty, "invalid or far from the centre: \(misplaced.prefix(5))")
        #expect(east > 100 && west > 100, "the town spans both sides: \(east) east, \(west) west")
        for answer in try written.jsonLines(TownWriter.FileName.truth) {
            let longitude = try #require(answer["lng"] as? Double)
            #expect(abs(longitude) <= 180 && abs(longitude) > 179)
        }
    }

    @Test func arcticTownStaysInPlace() throws {
        let written = try WrittenTown(.tiny(latitude: 69.65, longitude: 18.96))
        let centre = written.town.specification.centre
        let rows = try written.surveyRows()
        let corners = rows.map { Coordinate(latitude: Double($0[6])!, longitude: Double($0[7])!) }
        #expect(corners.allSatisfy { Geodesy.distance(from: centre, to: $0) < 1_000 })
        // A 500 m town spans about 0.013° of longitude at 69.65° N, and about 0.0045° of latitude.
        let longitudes = corners.map(\.longitude)
        let latitudes = corners.map(\.latitude)
        #expect((longitudes.max()! - longitudes.min()!) > 0.01)
        #expect((latitudes.max()! - latitudes.min()!) < 0.006)
    }

    @Test func townsAreDeterministic() {
        let first = Town(.tiny(seed: 3))
        let second = Town(.tiny(seed: 3))
        #expect(first.accessPoints == second.accessPoints)
        #expect(first.cells == second.cells)
        #expect(first.hotspots == second.hotspots)
        #expect(Town(.tiny(seed: 4)).accessPoints != first.accessPoints)
    }

    @Test func signalsArePlausibleAndFallWithDistance() {
        let town = Town(TownSpecification(seed: 8, centre: Coordinate(latitude: 48, longitude: 11), size: .small))
        let byAddress = Dictionary(uniqueKeysWithValues: town.accessPoints.map { ($0.bssid, $0) })
        let limits = [25.0, 50, 100, 150, 250]
        var sums = [Double](repeating: 0, count: limits.count)
        var counts = [Int](repeating: 0, count: limits.count)
        var implausible: [Int] = []
        town.forEachSurveyScan { scan in
            for heard in scan.accessPoints {
                if !(-92 ... -20).contains(heard.signalStrength) { implausible.append(heard.signalStrength) }
                guard let accessPoint = byAddress[heard.bssid], accessPoint.role == .primary else { continue }
                let distance = scan.truePosition.distance(to: accessPoint.surveyedPosition)
                guard let bin = limits.firstIndex(where: { distance < $0 }) else { continue }
                sums[bin] += Double(heard.signalStrength)
                counts[bin] += 1
            }
            for heard in scan.cells where !(-124 ... -44).contains(heard.signalStrength) {
                implausible.append(heard.signalStrength)
            }
        }
        #expect(implausible.isEmpty, "implausible signals: \(implausible.prefix(10))")
        let means = zip(sums, counts).map { $0 / Double(max($1, 1)) }
        #expect(counts.allSatisfy { $0 > 20 }, "readings per distance band: \(counts)")
        for band in 1..<means.count {
            #expect(means[band] < means[band - 1], "mean signal by distance: \(means)")
        }
    }

    @Test func siblingBSSIDsShareAddressBitsAndPlace() {
        let town = Town(.tiny())
        let routers = Dictionary(grouping: town.accessPoints, by: \.routerIndex)
        var siblings = 0
        for (_, members) in routers {
            let primary = members.first { $0.role == .primary }!
            #expect(!primary.bssid.isLocallyAdministered && !primary.bssid.isMulticast)
            for member in members where member.role != .primary {
                siblings += 1
                #expect(member.surveyedPosition == primary.surveyedPosition)
                #expect(member.currentPosition == primary.currentPosition)
                // Only the last octet or the local bit differs.
                let difference = member.bssid.rawValue ^ primary.bssid.rawValue
                #expect(difference < 0x100 || difference == 0x02 << 40, "\(primary.bssid) vs \(member.bssid)")
                #expect(member.bssid.isLocallyAdministered == (member.role == .locallyAdministeredSecondary))
            }
        }
        #expect(siblings > 0)
        #expect(Set(town.accessPoints.map(\.bssid)).count == town.accessPoints.count)
    }

    @Test func cellsHaveValidIdentitiesAndThreeSectorsPerSite() {
        let town = Town(TownSpecification(seed: 2, centre: Coordinate(latitude: 48, longitude: 11), size: .small))
        #expect(town.cells.count == 3 * (TownSize.small.gsmSiteCount + TownSize.small.lteSiteCount))
        #expect(Set(town.cells.map(\.identity)).count == town.cells.count)
        let sites = Dictionary(grouping: town.cells, by: \.sitePosition)
        #expect(sites.values.allSatisfy { $0.count == 3 })
        #expect(town.cells.contains { $0.identity.radio == .gsm } && town.cells.contains { $0.identity.radio == .lte })
        for cell in town.cells {
            #expect(cell.sitePosition.distance(to: cell.publishedPosition) < 2_000)
        }
    }

    @Test(arguments: TownSize.presetNames)
    func presetsAreNamed(_ name: String) throws {
        let size = try #require(TownSize(named: name))
        #expect(size.routerCount > 0 && size.extentMeters >= size.streetSpacingMeters)
    }
}
