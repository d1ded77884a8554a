import Foundation
import PositioningCore

/// A position with its accuracy and time, as Core Location's `CLLocation`.
///
/// `horizontalAccuracy` is the radius of the circle that holds the true position with 68 %
/// probability (negative: the position is invalid); `horizontalAccuracy95`, Whereabouts'
/// addition, the one that holds it with 95 % (the geolocate API's and the W3C API's `accuracy`).
/// `verticalAccuracy`, `speed` and `course` are negative when unknown. Immutable, so it may
/// cross threads.
///
/// ```swift
/// let here = CLLocation(latitude: 52.52, longitude: 13.405)
/// let there = CLLocation(latitude: 52.53, longitude: 13.405)
/// here.distance(from: there)   // ≈ 1112 m
/// ```
open class CLLocation: NSObject, @unchecked Sendable {
    /// The position.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above mean sea level; meaningful when `verticalAccuracy` is not negative.
    public let altitude: CLLocationDistance
    /// Metres above the WGS84 ellipsoid; here the same as `altitude` (gpsd reports MSL).
    public let ellipsoidalAltitude: CLLocationDistance
    /// The 68 % horizontal radius in metres; negative when the position is invalid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The 95 % horizontal radius in metres (not in Apple's Core Location): the map's calibrated
    /// one for a Wi-Fi or cell fix, else `horizontalAccuracy` × 1.62 (a circular Gaussian's
    /// ratio); negative when the position is invalid.
    public let horizontalAccuracy95: CLLocationAccuracy
    /// The 68 % vertical uncertainty in metres; negative when the altitude is unknown.
    public let verticalAccuracy: CLLocationAccuracy
    /// Metres per second; negative when unknown.
    public let speed: CLLocationSpeed
    /// The speed's accuracy; negative when unknown (always, here).
    public let speedAccuracy: CLLocationSpeedAccuracy
    /// Degrees clockwise from true north; negative when unknown.
    public let course: CLLocationDirection
    /// The course's accuracy; negative when unknown (always, here).
    public let courseAccuracy: CLLocationDirectionAccuracy
    /// When the position was measured: an old time for a cached position.
    public let timestamp: Date

    /// A location at `latitude`, `longitude`, accuracy 0, now.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        altitude = 0
        ellipsoidalAltitude = 0
        horizontalAccuracy = 0
        horizontalAccuracy95 = 0
        verticalAccuracy = -1
        speed = -1
        speedAccuracy = -1
        course = -1
        courseAccuracy = -1
        timestamp = Date()
    }

    /// A location with the given values; speed and course unknown.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with the given values, speed and course.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with every value given; the 95 % radius, when not given, follows from the 68 %
    /// one as for a circular Gaussian.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy,
        timestamp: Date, horizontalAccuracy95 hAccuracy95: CLLocationAccuracy? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        ellipsoidalAltitude = altitude
        horizontalAccuracy = hAccuracy
        horizontalAccuracy95 = hAccuracy < 0 ? -1 : hAccuracy95 ?? hAccuracy * Location.rayleigh95Over68
        verticalAccuracy = vAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
    }

    /// The location service's position as a `CLLocation`.
    convenience init(_ location: Location) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
            altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: location.verticalAccuracy, course: location.course, courseAccuracy: -1, speed: location.speed,
            speedAccuracy: -1, timestamp: location.timestamp, horizontalAccuracy95: location.accuracy95)
    }

    /// The great-circle distance to `location`'s coordinate, in metres (altitude ignored).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesy.distance(from: coreCoordinate, to: location.coreCoordinate)
    }

    var coreCoordinate: Coordinate {
        Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    open override var description: String {
        String(
            format: "<%+.8f,%+.8f> +/- %.2fm (speed %.2f mps / course %.2f) @ %@", coordinate.latitude, coordinate.longitude,
            horizontalAccuracy, speed, course, timestamp.description)
    }
}
