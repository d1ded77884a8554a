import Foundation

/// EPSG:3857 (spherical Web Mercator) coordinates, the metres UJIIndoorLoc and many indoor
/// surveys publish positions in.
///
/// Distances in these "metres" are stretched by 1/cos(latitude) against ground metres (×1.31 at
/// UJIIndoorLoc's 40° N); fingerprinting benchmarks report errors in them, so `whereabouts eval
/// --fingerprints` does too.
public enum WebMercator {
    /// The sphere's radius, metres (WGS84's semi-major axis).
    public static let radius = 6_378_137.0

    /// The projected (x, y) of `coordinate`.
    public static func project(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let latitude = coordinate.latitude * .pi / 180
        return (radius * coordinate.longitude * .pi / 180, radius * log(tan(.pi / 4 + latitude / 2)))
    }

    /// The position whose projection is (x, y): the spherical inverse of `project`, in degrees
    /// (not validated: a y beyond `extent` gives a latitude past ±85°, an x beyond it a longitude
    /// past ±180°).
    public static func unproject(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        ((2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi, x / radius * 180 / .pi)
    }

    /// The projection's extent: x and y lie within ±π × `radius` metres.
    public static let extent = 20_037_508.342789244

    /// The straight-line distance between two positions in projected metres.
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let (ax, ay) = project(a), (bx, by) = project(b)
        return ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).squareRoot()
    }
}
