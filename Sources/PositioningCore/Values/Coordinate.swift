/// A point on the WGS84 ellipsoid, in degrees.
///
/// Latitude is −90…90 (north positive), longitude −180…180 (east positive). Distances and
/// means are computed on the sphere (see `Geodesy`), never by averaging raw degrees.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator, −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double

    /// Creates a coordinate without checking it; use `isValid` or `init?(validating:)` for input.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from untrusted input, or nil when it is out of range, not finite,
    /// or exactly (0, 0) — "null island", which survey apps write when they had no fix.
    public init?(validating latitude: Double, _ longitude: Double) {
        let candidate = Coordinate(latitude: latitude, longitude: longitude)
        guard candidate.isValid, !(latitude == 0 && longitude == 0) else { return nil }
        self = candidate
    }

    /// Whether both components are finite and within their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    public var description: String {
        "(\(latitude), \(longitude))"
    }
}
