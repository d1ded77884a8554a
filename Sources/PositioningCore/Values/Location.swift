import Foundation

/// Where a position came from.
public enum LocationSource: String, Hashable, Sendable, CaseIterable {
    /// A satellite receiver (gpsd or NMEA).
    case gps
    /// Cell towers only.
    case cell
    /// Wi-Fi access points (possibly confirmed by a cell).
    case wifi
    /// Wi-Fi and cells combined into one estimate.
    case mixed
}

/// A position with its uncertainty, in the sense of Core Location's `CLLocation`.
///
/// `horizontalAccuracy` is the radius in metres of the circle that holds the true position with
/// 68 % probability, `accuracy95` the one that holds it with 95 % (the geolocate API's
/// `accuracy`). Negative values mean "unknown" (for `horizontalAccuracy`: no valid position),
/// as in Core Location.
public struct Location: Hashable, Sendable {
    public var coordinate: Coordinate
    /// 68 % radius in metres; always positive for a valid fix.
    public var horizontalAccuracy: Double
    /// The calibrated 95 % radius in metres, when the estimator made one; see `accuracy95`.
    public var horizontalAccuracy95: Double?
    /// Metres above mean sea level; meaningful only when `verticalAccuracy` is positive.
    public var altitude: Double
    /// 68 % vertical uncertainty in metres; negative when the altitude is unknown.
    public var verticalAccuracy: Double
    /// When the position was measured.
    public var timestamp: Date
    /// Metres per second; negative when unknown.
    public var speed: Double
    /// Degrees clockwise from true north, 0..<360; negative when unknown.
    public var course: Double
    public var source: LocationSource

    public init(
        coordinate: Coordinate, horizontalAccuracy: Double, altitude: Double = 0,
        verticalAccuracy: Double = -1, timestamp: Date = Date(), speed: Double = -1,
        course: Double = -1, source: LocationSource
    ) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.altitude = altitude
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
        self.speed = speed
        self.course = course
        self.source = source
    }

    /// The ratio of a circular Gaussian's (Rayleigh) 95 % and 68 % radii, √(−2 ln 0.05) /
    /// √(−2 ln 0.32) ≈ 2.45 / 1.51 ≈ 1.62: how a 95 % radius follows from a 68 % one when
    /// nothing better is known (gpsd's fixes, maps calibrated before 95 % factors existed).
    public static let rayleigh95Over68 = (-2 * log(0.05)).squareRoot() / (-2 * log(0.32)).squareRoot()

    /// The 95 % radius in metres: the calibrated one when the estimator set it, else the 68 %
    /// radius scaled by `rayleigh95Over68`.
    public var accuracy95: Double {
        horizontalAccuracy95 ?? horizontalAccuracy * Location.rayleigh95Over68
    }

    /// The radius at `confidence`: `horizontalAccuracy` (68 %) or `accuracy95`.
    public func accuracy(at confidence: RadiusConfidence) -> Double {
        confidence == .percent68 ? horizontalAccuracy : accuracy95
    }

    /// Whether this is a usable position: a valid coordinate and a positive accuracy.
    public var isValid: Bool {
        coordinate.isValid && horizontalAccuracy > 0 && horizontalAccuracy.isFinite
    }
}
