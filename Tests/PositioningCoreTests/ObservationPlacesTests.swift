import Foundation
import Testing
import TestSupport

@testable import PositioningCore

@Suite struct ObservationPlacesTests {
    /// Every pair compared: the single-link clusters by definition.
    static func bruteForceClusters(of points: [NVector], separation: Double) -> [[Int]] {
        var placeOf = Array(repeating: -1, count: points.count)
        var clusters: [[Int]] = []
        for start in points.indices where placeOf[start] < 0 {
            placeOf[start] = clusters.count
            var members = [start]
            var next = 0
            while next < members.count {
                let current = points[members[next]]
                next += 1
                for other in points.indices where placeOf[other] < 0
                    && Geodesy.distance(between: current, and: points[other]) <= separation {
                    placeOf[other] = clusters.count
                    members.append(other)
                }
            }
            clusters.append(members.sorted())
        }
        return clusters
    }

    // Sightings scattered over a few kilometres around the centre, in chains and lone points;
    // across the antimeridian and next to the pole too, where longitudes wrap and converge.
    @Test(arguments: [(52.52, 13.405), (-16.5, 179.995), (89.99, 40.0), (0.0, -180.0)])
    func gridClustersAreExactlyThePairwiseOnes(latitude: Double, longitude: Double) {
        var random = SplitMix64(seed: 7)
        let centre = Coordinate(latitude: latitude, longitude: longitude)
        for separation in [25.0, 1_000.0] {
            let points = (0..<400).map { _ in
                NVector(Geodesy.destination(
                    from: centre, distance: random.unit() * separation * 6, bearing: random.unit() * 360))
            }
            let grid = ObservationPlaces.clusters(of: points, separation: separation)
            #expect(grid == Self.bruteForceClusters(of: points, separation: separation))
            #expect(grid.count > 1)
        }
    }
}
