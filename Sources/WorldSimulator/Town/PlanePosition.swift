import Foundation

/// A position in a town's flat frame: metres east and north of the town centre.
///
/// The simulator works in this frame (cheap distances, straight streets) and converts to
/// latitude/longitude only when it writes a file, through `LocalTangentPlane`, so towns on the
/// antimeridian or near the poles come out right.
public struct PlanePosition: Hashable, Sendable {
    /// Metres east of the town centre.
    public var east: Double
    /// Metres north of the town centre.
    public var north: Double

    /// Creates a position `east` and `north` metres from the centre.
    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// Straight-line distance in metres.
    public func distance(to other: PlanePosition) -> Double {
        let dx = other.east - east
        let dy = other.north - north
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Bearing to `other` in degrees clockwise from north, 0..<360.
    func bearing(to other: PlanePosition) -> Double {
        let degrees = atan2(other.east - east, other.north - north) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The position moved by `east` and `north` metres.
    func offsetBy(east dx: Double, north dy: Double) -> PlanePosition {
        PlanePosition(east: east + dx, north: north + dy)
    }
}
