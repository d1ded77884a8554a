import Foundation

/// A flat east/north grid in metres around an origin, for clustering and spreads over
/// distances of a few kilometres (error below 0.1 % within 10 km of the origin).
///
/// Uses the azimuthal equidistant projection, so distances and bearings from the origin are
/// exact and longitudes wrap correctly at the antimeridian.
public struct LocalTangentPlane: Sendable {
    public let origin: Coordinate

    public init(origin: Coordinate) {
        self.origin = origin
    }

    /// Metres east and north of the origin.
    public func project(_ coordinate: Coordinate) -> (east: Double, north: Double) {
        let distance = Geodesy.distance(from: origin, to: coordinate)
        guard distance > 0 else { return (0, 0) }
        let bearing = Geodesy.bearing(from: origin, to: coordinate) * .pi / 180
        return (distance * sin(bearing), distance * cos(bearing))
    }

    /// The coordinate `east` and `north` metres from the origin.
    public func unproject(east: Double, north: Double) -> Coordinate {
        let distance = (east * east + north * north).squareRoot()
        guard distance > 0 else { return origin }
        let bearing = atan2(east, north) * 180 / .pi
        return Geodesy.destination(from: origin, distance: distance, bearing: bearing)
    }
}
