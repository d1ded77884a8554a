import Foundation
import PositioningCore

/// The geodesy Ichnaea computes with (its `geocalc` extension), reproduced so the peer's
/// numbers match Ichnaea's own to the centimetre.
///
/// Ichnaea measures distances on the WGS84 ellipsoid (Vincenty's inverse formula, falling back
/// to haversine on a 6371.009 km sphere when Vincenty does not converge), takes positions as
/// plain weighted means of raw degrees, and rounds station radii to whole metres. Whereabouts'
/// own `Geodesy` works on the sphere; these functions exist only for the peer.
enum IchnaeaGeodesy {
    /// WGS84 semi-axes in kilometres and flattening, as in `geocalclib/geocalc.pyx`.
    private static let majorRadius = 6378.137
    private static let minorRadius = 6356.752314245
    private static let flattening = 0.0033528106647474805
    /// geocalc's haversine radius, kilometres.
    private static let sphereRadius = 6371.009

    /// Distance in metres between two points: Vincenty, else haversine (`geocalc.distance`).
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        vincentyDistance(lat1, lon1, lat2, lon2) ?? haversineDistance(lat1, lon1, lat2, lon2)
    }

    /// Distance in metres between two coordinates (see `distance(_:_:_:_:)`).
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        distance(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    /// Haversine distance in metres on geocalc's 6371.009 km sphere.
    static func haversineDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let halfDLat = radians(lat2 - lat1) / 2
        let halfDLon = radians(lon2 - lon1) / 2
        let a = sin(halfDLat) * sin(halfDLat)
            + cos(radians(lat1)) * cos(radians(lat2)) * sin(halfDLon) * sin(halfDLon)
        return 1000 * 2 * sphereRadius * asin(min(1, a.squareRoot()))
    }

    /// Vincenty's inverse formula in metres, or nil when it fails to converge in 25 iterations
    /// (nearly antipodal points), as `geocalc.vincenty_distance` raises.
    static func vincentyDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double? {
        let f = flattening
        let deltaLon = radians(lon2) - radians(lon1)
        let reduced1 = atan((1 - f) * tan(radians(lat1)))
        let reduced2 = atan((1 - f) * tan(radians(lat2)))
        let sin1 = sin(reduced1), cos1 = cos(reduced1)
        let sin2 = sin(reduced2), cos2 = cos(reduced2)

        var lambda = deltaLon
        var previousLambda = 2 * Double.pi
        var iterations = 0
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cosSquaredAlpha = 0.0, cos2SigmaM = 0.0
        while abs(lambda - previousLambda) > 1e-11 && iterations <= 25 {
            iterations += 1
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let east = cos2 * sinLambda
            let north = cos1 * sin2 - sin1 * cos2 * cosLambda
            sinSigma = (east * east + north * north).squareRoot()
            if sinSigma == 0 { return 0 }  // coincident points
            cosSigma = sin1 * sin2 + cos1 * cos2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cos1 * cos2 * sinLambda / sinSigma
            cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cosSquaredAlpha != 0 ? cosSigma - 2 * sin1 * sin2 / cosSquaredAlpha : 0
            let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
            previousLambda = lambda
            lambda = deltaLon + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
        }
        guard iterations <= 25 else { return nil }

        let a2 = majorRadius * majorRadius, b2 = minorRadius * minorRadius
        let uSquared = cosSquaredAlpha * (a2 - b2) / b2
        let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
        let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
        let cos2m2 = cos2SigmaM * cos2SigmaM
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2m2)
            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2m2)))
        return 1000 * minorRadius * bigA * (sigma - deltaSigma)
    }

    /// The largest distance from a point to the corners of a bounding box, rounded to whole
    /// metres with ties to even (Python's `round`), as `geocalc.circle_radius`.
    static func circleRadius(
        latitude: Double, longitude: Double,
        maxLatitude: Double, maxLongitude: Double, minLatitude: Double, minLongitude: Double
    ) -> Int {
        let corners = [(minLatitude, minLongitude), (minLatitude, maxLongitude),
                       (maxLatitude, minLongitude), (maxLatitude, maxLongitude)]
        let radius = corners.map { distance(latitude, longitude, $0.0, $0.1) }.max() ?? 0
        return Int(radius.rounded(.toNearestOrEven))
    }

    /// The `q`-quantile of `values` with linear interpolation, as `numpy.percentile` does by
    /// default; `q` is in 0…1. Returns 0 for no values.
    static func percentile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        // numpy's "linear" method: virtual index n·q + (1 − q) − 1, then a lerp that is
        // evaluated from the upper end when the fraction is ≥ ½ (numpy/lib/_function_base_impl).
        let virtualIndex = Double(sorted.count) * q + (1 + q * (1 - 1 - 1)) - 1
        let lower = min(max(Int(virtualIndex.rounded(.down)), 0), sorted.count - 1)
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = virtualIndex - Double(lower)
        let a = sorted[lower], b = sorted[upper]
        let difference = b - a
        return fraction >= 0.5 ? b - difference * (1 - fraction) : a + difference * fraction
    }

    /// The weighted mean of raw latitudes and longitudes, as `numpy.average(…, weights=…)`.
    ///
    /// This is Ichnaea's behaviour, not a sound one: across the antimeridian it averages
    /// +179.9° and −179.9° to 0°. Returns nil when the weights do not sum to a positive number.
    static func averageOfRawDegrees(_ points: [(latitude: Double, longitude: Double, weight: Double)]) -> Coordinate? {
        var latitudeSum = 0.0, longitudeSum = 0.0, weightSum = 0.0
        for point in points {
            latitudeSum += point.latitude * point.weight
            longitudeSum += point.longitude * point.weight
            weightSum += point.weight
        }
        guard weightSum > 0, weightSum.isFinite else { return nil }
        return Coordinate(latitude: latitudeSum / weightSum, longitude: longitudeSum / weightSum)
    }

    /// Rounds to 7 decimal places, as every Ichnaea `Result` stores its lat, lon and accuracy.
    static func roundedToSevenPlaces(_ value: Double) -> Double {
        (value * 1e7).rounded(.toNearestOrEven) / 1e7
    }

    private static func radians(_ degrees: Double) -> Double {
        degrees * Double.pi / 180
    }
}
