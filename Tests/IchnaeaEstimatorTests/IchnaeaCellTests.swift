import Foundation
import PositioningCore
import Testing

@testable import IchnaeaEstimator

/// Ichnaea's own cell locate tests (`ichnaea/api/locate/tests/test_cell.py`), reproduced
/// against the Swift peer. Fixture: cells of radius 500 m, one sample, created now; areas of
/// radius 25 km with one cell.
@Suite struct IchnaeaCellTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func identity(area: Int = 1, cell: Int64 = 1, radio: RadioType = .gsm) throws -> CellIdentity {
        try CellIdentity(radio: radio, mcc: 234, mnc: 30, area: area, cellID: cell)
    }

    static func cell(_ identity: CellIdentity, latitude: Double = 51.5, longitude: Double = -0.1,
                     samples: Int = 1) -> KnownCell {
        KnownCell(identity: identity, coordinate: Coordinate(latitude: latitude, longitude: longitude),
                  radius: 500, sampleCount: samples, firstSeen: now, lastSeen: now)
    }

    static func area(_ identity: AreaIdentity, latitude: Double = 51.5, radius: Double = 25_000,
                     cells: Int = 1) -> KnownArea {
        KnownArea(identity: identity, coordinate: Coordinate(latitude: latitude, longitude: -0.1),
                  radius: radius, cellCount: cells)
    }

    static func input(cells: [KnownCell], observed: [CellIdentity]? = nil, areas: [KnownArea] = []) -> EstimationInput {
        EstimationInput(
            cells: (observed ?? cells.map(\.identity)).map { CellObservation(identity: $0) },
            knownCells: Dictionary(uniqueKeysWithValues: cells.map { ($0.identity, $0) }),
            areas: Dictionary(uniqueKeysWithValues: areas.map { ($0.identity, $0) }), now: now)
    }

    @Test func singleCellReportsItsRangeClampedToOneKilometre() throws {
        let cell = Self.cell(try Self.identity(), samples: 10)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(cells: [cell])))
        #expect(estimate.location.coordinate == cell.coordinate)
        #expect(estimate.location.horizontalAccuracy == 1_000)
        #expect(estimate.location.source == .cell)
    }

    @Test func severalCellsAverageRawDegreesWeightedBySamples() throws {
        let first = Self.cell(try Self.identity(cell: 1), samples: 100)
        let second = Self.cell(try Self.identity(cell: 2), latitude: 52.5, longitude: 0.9, samples: 10)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(cells: [first, second])))
        // Weights 6.64 : 3.32 (log₂ of the samples, times the 0.1 collection weight).
        #expect(abs(estimate.location.coordinate.latitude - (51.5 + 0.3333333)) < 0.6e-7)
        #expect(abs(estimate.location.coordinate.longitude - (-0.1 + 0.3333333)) < 0.6e-7)
        #expect(estimate.location.horizontalAccuracy == 50_000)
        let candidates = IchnaeaCellLocator().candidates(forCells: [first, second].map {
            (IchnaeaNetwork(emitter: .cell($0.identity), latitude: $0.coordinate.latitude,
                            longitude: $0.coordinate.longitude, radius: $0.radius, age: 1000, signal: -113,
                            score: IchnaeaStationScore($0, now: Self.now).stationScore(now: Self.now)),
             $0.identity.areaIdentity)
        })
        #expect(candidates.count == 1)
        #expect(abs(candidates[0].score - 0.1 * (log2(100) + log2(10))) < 1e-12)
    }

    @Test func unknownCellGivesNoPosition() throws {
        let cell = Self.cell(try Self.identity(cell: 1))
        let estimate = IchnaeaEstimator().estimatePosition(
            from: Self.input(cells: [cell], observed: [try Self.identity(cell: 2)]))
        #expect(estimate == nil)
    }

    @Test func ofTwoAreasTheMoreAccurateAndHigherScoringWins() throws {
        // test_smallest_area. Both radii clamp to the 50 km floor, so Ichnaea's tie-break is
        // the area score (√8 cells beats √6), not the radius itself.
        let small = Self.area(try Self.identity(area: 1).areaIdentity, radius: 25_000, cells: 8)
        let large = Self.area(try Self.identity(area: 2).areaIdentity, latitude: 51.7, radius: 30_000, cells: 6)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(
            cells: [], observed: [try Self.identity(area: 1), try Self.identity(area: 2)], areas: [small, large])))
        #expect(estimate.location.coordinate == small.coordinate)
        #expect(estimate.location.horizontalAccuracy == 50_000)
        #expect(estimate.used == [EmitterContribution(emitter: .area(small.identity), weight: 1)])
    }

    @Test func areaAccuracyIsClampedToFiftyKilometres() throws {
        // test_minimum_radius: 48 km → 50 km, and it beats the 53 km area.
        let first = Self.area(try Self.identity(area: 1).areaIdentity, radius: 48_000)
        let second = Self.area(try Self.identity(area: 2).areaIdentity, latitude: 51.7, radius: 53_000)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(
            cells: [], observed: [try Self.identity(area: 1), try Self.identity(area: 2)], areas: [first, second])))
        #expect(estimate.location.coordinate == first.coordinate)
        #expect(estimate.location.horizontalAccuracy == 50_000)
    }

    @Test func areasAreOnlyAFallbackWhenNoCellIsKnown() throws {
        let cell = Self.cell(try Self.identity(area: 1, cell: 1))
        let area = Self.area(try Self.identity(area: 1).areaIdentity, latitude: 52)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input(cells: [cell], areas: [area])))
        #expect(estimate.location.coordinate == cell.coordinate)
        #expect(estimate.location.horizontalAccuracy == 1_000)
    }

    @Test func averagesRawDegreesAcrossTheAntimeridian() throws {
        // The peer's known weakness: two cells 22 km apart either side of ±180° average to 0°.
        let east = KnownCell(identity: try Self.identity(cell: 1), coordinate: Coordinate(latitude: 0, longitude: 179.9),
                             radius: 500, sampleCount: 1, firstSeen: Self.now, lastSeen: Self.now)
        let west = KnownCell(identity: try Self.identity(cell: 2), coordinate: Coordinate(latitude: 0, longitude: -179.9),
                             radius: 500, sampleCount: 1, firstSeen: Self.now, lastSeen: Self.now)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(cells: [east, west])))
        #expect(abs(estimate.location.coordinate.longitude) < 1e-9)
        #expect(estimate.location.horizontalAccuracy == 50_000)
    }

    @Test func ignoresRadiosIchnaeaDoesNotKnow() throws {
        let nr = Self.cell(try Self.identity(radio: .nr))
        let estimate = IchnaeaEstimator().estimatePosition(from: Self.input(cells: [nr]))
        #expect(estimate == nil)
    }
}
