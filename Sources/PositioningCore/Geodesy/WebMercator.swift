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

    /// The straight-line distance between two positions in projected metres.
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let (ax, ay) = project(a), (bx, by) = project(b)
        return ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).squareRoot()
    }
}
