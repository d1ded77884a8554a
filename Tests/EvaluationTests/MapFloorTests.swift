import Foundation
import IchnaeaEstimator
import PositioningCore
import Testing
import TestSupport

@testable import Evaluation

/// The map floor: how far the truth lies outside the hull of the heard access points' positions.
struct MapFloorTests {
    let origin = Coordinate(latitude: 32.105, longitude: 35.195)

    func point(_ metres: Double, bearing: Double) -> Coordinate {
        Geodesy.destination(from: origin, distance: metres, bearing: bearing)
    }

    @Test func aTruthInsideTheAccessPointsHullHasNoFloor() {
        let triangle = [point(100, bearing: 0), point(100, bearing: 120), point(100, bearing: 240)]
        #expect(MapFloor.distanceOutsideHull(of: triangle, from: origin) == 0)
    }

    @Test func aTruthBesideTheHullIsAsFarAsItsNearestEdge() {
        // A square 100 m on a side whose west edge runs 50 m east of the truth.
        let square = [
            point(50, bearing: 90), Geodesy.destination(from: point(50, bearing: 90), distance: 100, bearing: 90),
        ].flatMap { [Geodesy.destination(from: $0, distance: 50, bearing: 0), Geodesy.destination(from: $0, distance: 50, bearing: 180)] }
        #expect(abs(MapFloor.distanceOutsideHull(of: square, from: origin) - 50) < 0.1)
        // Points inside the square change nothing.
        let filled = square + [point(80, bearing: 90), point(120, bearing: 85)]
        #expect(abs(MapFloor.distanceOutsideHull(of: filled, from: origin) - 50) < 0.1)
    }

    @Test func oneAccessPointOrAStreetOfThemIsAPointOrASegment() {
        #expect(abs(MapFloor.distanceOutsideHull(of: [point(70, bearing: 200)], from: origin) - 70) < 0.1)
        // Three access points along a north–south street 30 m west; the same one twice.
        let street = [-40.0, 0, 40, 40].map { north in
            Geodesy.destination(from: point(30, bearing: 270), distance: abs(north), bearing: north < 0 ? 180 : 0)
        }
        #expect(abs(MapFloor.distanceOutsideHull(of: street, from: origin) - 30) < 0.1)
        // Beyond the street's north end the nearest point is that end.
        let north = point(100, bearing: 0)
        let end = Geodesy.distance(from: north, to: street[2])
        #expect(abs(MapFloor.distanceOutsideHull(of: street, from: north) - end) < 0.1)
    }

    @Test func theHullHoldsAcrossTheAntimeridian() {
        // Access points on both sides of 180°: raw longitudes would put the hull around the globe.
        let fiji = Coordinate(latitude: -16.5, longitude: 179.9995)
        func around(_ metres: Double, _ bearing: Double) -> Coordinate {
            Geodesy.destination(from: fiji, distance: metres, bearing: bearing)
        }
        let triangle = [around(80, 45), around(80, 165), around(80, 285)]
        #expect(triangle.contains { $0.longitude < 0 } && triangle.contains { $0.longitude > 0 })
        #expect(MapFloor.distanceOutsideHull(of: triangle, from: fiji) == 0)
        // A truth 200 m west of a north–south pair of access points beyond the date line.
        let pair = [around(100, 0), around(100, 180)].map { Geodesy.destination(from: $0, distance: 200, bearing: 90) }
        #expect(pair.allSatisfy { $0.longitude < 0 })
        #expect(abs(MapFloor.distanceOutsideHull(of: pair, from: fiji) - 200) < 0.5)
    }

    @Test func theFloorCountsOnlyQueriesThatHeardAKnownAccessPoint() throws {
        var floor = MapFloor()
        floor.add(truth: origin, knownPositions: [])
        floor.add(truth: origin, knownPositions: [point(10, bearing: 0), point(10, bearing: 120), point(10, bearing: 240)])
        floor.add(truth: origin, knownPositions: [point(40, bearing: 90)])
        #expect(floor.distances.count == 2)
        #expect(floor.outsideFraction == 0.5)
        #expect(abs(try #require(floor.statistics.median) - 20) < 0.1)
    }

    /// The floor's promise: an estimator that averages the heard access points' positions never
    /// errs less than it, whatever their signals.
    @Test func neitherCentroidErrsLessThanTheFloor() throws {
        var generator = SplitMix64(seed: 7)
        var checked = 0, outside = 0
        for _ in 0..<200 {
            var map = RadioMapFixture(origin: origin)
            let centre = Double.random(in: 0...150, using: &generator)
            let bearing = Double.random(in: 0..<360, using: &generator)
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let offset = Geodesy.destination(
                    from: map.point(centre, bearing: bearing), distance: Double.random(in: 0...60, using: &generator),
                    bearing: Double.random(in: 0..<360, using: &generator))
                map.addAccessPoint(
                    Geodesy.distance(from: origin, to: offset), bearing: Geodesy.bearing(from: origin, to: offset),
                    signal: Double.random(in: -95 ... -40, using: &generator))
            }
            let floor = MapFloor.distanceOutsideHull(of: map.accessPoints.values.map(\.coordinate), from: origin)
            if floor > 10 { outside += 1 }
            for estimator in [WhereaboutsEstimator(), IchnaeaEstimator()] as [any PositionEstimator] {
                guard let fix = estimator.estimatePosition(from: map.input) else { continue }
                #expect(Geodesy.distance(from: fix.location.coordinate, to: origin) >= floor - 0.01)
                checked += 1
            }
        }
        #expect(checked > 200)
        #expect(outside > 50, "most truths should stand outside the hull, or the check proves little")
    }
}
