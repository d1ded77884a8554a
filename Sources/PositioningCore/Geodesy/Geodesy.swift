import Foundation

/// Distances, bearings and means on the sphere.
///
/// Whereabouts never averages raw latitude and longitude: means are taken over unit
/// n-vectors (the point's direction from the Earth's centre), which stays right across the
/// antimeridian and at the poles.
///
/// ```swift
/// let centre = Geodesy.weightedMean([(Coordinate(latitude: 10, longitude: 179.999), 1),
///                                    (Coordinate(latitude: 10, longitude: -179.999), 1)])
/// // centre.longitude == ±180, not 0
/// ```
public enum Geodesy {
    /// The mean Earth radius in metres (IUGG), as used by haversine.
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres (haversine formula).
    public static func distance(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// `distance(from:to:)` between two points given as unit vectors: the haversine term
    /// sin²(Δσ/2) is a quarter of the squared chord between them, so no trigonometry is needed
    /// beyond the one `asin`.
    static func distance(between a: NVector, and b: NVector) -> Double {
        let (dx, dy, dz) = (a.x - b.x, a.y - b.y, a.z - b.z)
        let halfChord = (dx * dx + dy * dy + dz * dz).squareRoot() / 2
        return 2 * earthRadius * asin(min(1, halfChord))
    }

    /// Initial bearing from `a` to `b`, degrees clockwise from true north, 0..<360.
    public static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The point `distance` metres from `start` along the great circle with initial `bearing`.
    public static func destination(from start: Coordinate, distance: Double, bearing: Double) -> Coordinate {
        let delta = distance / earthRadius
        let theta = bearing * .pi / 180
        let lat1 = start.latitude * .pi / 180
        let lon1 = start.longitude * .pi / 180
        let lat2 = asin(sin(lat1) * cos(delta) + cos(lat1) * sin(delta) * cos(theta))
        let lon2 = lon1 + atan2(sin(theta) * sin(delta) * cos(lat1), cos(delta) - sin(lat1) * sin(lat2))
        return Coordinate(latitude: lat2 * 180 / .pi, longitude: normalizedLongitude(lon2 * 180 / .pi))
    }

    /// The weighted mean position on the sphere (normalized sum of weighted n-vectors), or nil
    /// when there are no points, the weights are not positive, or the points cancel out
    /// (e.g. two antipodes).
    public static func weightedMean(_ points: some Sequence<(Coordinate, Double)>) -> Coordinate? {
        weightedMean(ofVectors: points.lazy.map { coordinate, weight in (NVector(coordinate), weight) })
    }

    /// `weightedMean(_:)` of points given as unit vectors, for callers that already hold them.
    static func weightedMean(ofVectors points: some Sequence<(NVector, Double)>) -> Coordinate? {
        var sum = NVector(x: 0, y: 0, z: 0)
        var totalWeight = 0.0
        for (n, weight) in points where weight > 0 && weight.isFinite {
            sum.x += weight * n.x
            sum.y += weight * n.y
            sum.z += weight * n.z
            totalWeight += weight
        }
        guard totalWeight > 0 else { return nil }
        let length = (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot()
        // Below this the points are spread over the whole globe and have no meaningful centre.
        guard length / totalWeight > 1e-9 else { return nil }
        return NVector(x: sum.x / length, y: sum.y / length, z: sum.z / length).coordinate
    }

    /// The unweighted mean position on the sphere.
    public static func mean(_ points: some Sequence<Coordinate>) -> Coordinate? {
        weightedMean(points.lazy.map { ($0, 1.0) })
    }

    /// Wraps a longitude into −180…180.
    public static func normalizedLongitude(_ longitude: Double) -> Double {
        var wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        return wrapped - 180 == -180 && longitude > 0 ? 180 : wrapped - 180
    }
}

/// A unit vector from the Earth's centre: the singularity-free way to do arithmetic on positions.
struct NVector {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ coordinate: Coordinate) {
        let lat = coordinate.latitude * .pi / 180
        let lon = coordinate.longitude * .pi / 180
        x = cos(lat) * cos(lon)
        y = cos(lat) * sin(lon)
        z = sin(lat)
    }

    var coordinate: Coordinate {
        let latitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        // At a pole the longitude is arbitrary; report 0 rather than atan2's noise.
        let longitude = abs(latitude) > 90 - 1e-9 ? 0 : atan2(y, x) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
