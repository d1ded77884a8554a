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
/// 68 % probability. Negative values mean "unknown" (for `horizontalAccuracy`: no valid
/// position), as in Core Location.
public struct Location: Hashable, Sendable {
    public var coordinate: Coordinate
    /// 68 % radius in metres; always positive for a valid fix.
    public var horizontalAccuracy: Double
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

    /// Whether this is a usable position: a valid coordinate and a positive accuracy.
    public var isValid: Bool {
        coordinate.isValid && horizontalAccuracy > 0 && horizontalAccuracy.isFinite
    }
}
