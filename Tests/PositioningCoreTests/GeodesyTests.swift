import Testing

@testable import PositioningCore

@Suite struct GeodesyTests {
    @Test func equalWeightMeanOfThreePointsMatchesTheReferenceVector() throws {
        let points = [Coordinate(latitude: 90, longitude: 0), Coordinate(latitude: 60, longitude: 10),
                      Coordinate(latitude: 50, longitude: -20)]
        let mean = try #require(Geodesy.mean(points))
        #expect(abs(mean.latitude - 67.24) < 0.005)
        #expect(abs(mean.longitude - -6.92) < 0.005)
    }

    @Test func meanAcrossTheAntimeridianStaysThere() throws {
        let mean = try #require(Geodesy.mean([Coordinate(latitude: 10, longitude: 179.999),
                                              Coordinate(latitude: 10, longitude: -179.999)]))
        #expect(abs(abs(mean.longitude) - 180) < 1e-6)
        #expect(abs(mean.latitude - 10) < 1e-6)
    }

    @Test func meanOfPointsAroundThePoleIsThePole() throws {
        let mean = try #require(Geodesy.mean([Coordinate(latitude: 89.999, longitude: 0),
                                              Coordinate(latitude: 89.999, longitude: 180)]))
        #expect(abs(mean.latitude - 90) < 1e-9)
    }

    @Test func haversineMatchesAKnownDistance() {
        // Berlin TV tower to Brandenburg Gate, about 2.26 km.
        let d = Geodesy.distance(from: Coordinate(latitude: 52.520817, longitude: 13.409419),
                                 to: Coordinate(latitude: 52.516275, longitude: 13.377704))
        #expect(abs(d - 2_200) < 60)
    }

    @Test func destinationAndDistanceRoundTrip() {
        let start = Coordinate(latitude: 32.1, longitude: 34.8)
        let end = Geodesy.destination(from: start, distance: 1_234, bearing: 77)
        #expect(abs(Geodesy.distance(from: start, to: end) - 1_234) < 0.01)
        #expect(abs(Geodesy.bearing(from: start, to: end) - 77) < 0.01)
    }

    @Test func tangentPlaneRoundTripsNearTheAntimeridian() {
        let plane = LocalTangentPlane(origin: Coordinate(latitude: -16.5, longitude: 179.99))
        let point = Coordinate(latitude: -16.49, longitude: -179.98)
        let (east, north) = plane.project(point)
        #expect(east > 0 && north > 0)
        let back = plane.unproject(east: east, north: north)
        #expect(Geodesy.distance(from: back, to: point) < 0.01)
    }
}
