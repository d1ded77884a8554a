import Foundation

/// Degrees of latitude or longitude, WGS84 (`CLLocationDegrees`).
public typealias CLLocationDegrees = Double
/// Metres (`CLLocationDistance`).
public typealias CLLocationDistance = Double
/// An accuracy in metres; negative means invalid (`CLLocationAccuracy`).
public typealias CLLocationAccuracy = Double
/// Metres per second; negative means unknown (`CLLocationSpeed`).
public typealias CLLocationSpeed = Double
/// Degrees clockwise from true north; negative means unknown (`CLLocationDirection`).
public typealias CLLocationDirection = Double
/// The accuracy of a speed, m/s (`CLLocationSpeedAccuracy`).
public typealias CLLocationSpeedAccuracy = Double
/// The accuracy of a course, degrees (`CLLocationDirectionAccuracy`).
public typealias CLLocationDirectionAccuracy = Double

/// A latitude and longitude in WGS84 degrees, as Core Location's `CLLocationCoordinate2D`.
///
/// ```swift
/// let office = CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405)
/// CLLocationCoordinate2DIsValid(office)   // true
/// ```
public struct CLLocationCoordinate2D: Sendable {
    /// Degrees north of the equator, -90…90.
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich, -180…180.
    public var longitude: CLLocationDegrees

    /// The coordinate (0, 0).
    public init() {
        latitude = 0
        longitude = 0
    }

    /// A coordinate with the given degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Whether `coordinate` lies within -90…90 latitude and -180…180 longitude.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    coordinate.latitude.isFinite && coordinate.longitude.isFinite && abs(coordinate.latitude) <= 90
        && abs(coordinate.longitude) <= 180
}

/// `CLLocationCoordinate2D(latitude:longitude:)`, as the C function spells it.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// An invalid coordinate (`kCLLocationCoordinate2DInvalid`).
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// The highest accuracy, with extra sensors for navigation; here the same as `kCLLocationAccuracyBest`.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// Every source is tried and the most accurate fix wins.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Sources are tried until one is within 10 m.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Sources are tried until one is within 100 m.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Sources are tried until one is within 1 km.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1_000
/// Sources are tried until one is within 3 km.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3_000
/// Every movement is reported (`distanceFilter`).
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The largest distance (`CLLocationDistanceMax`).
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// The error domain of `CLError` (`kCLErrorDomain`).
public let kCLErrorDomain = "kCLErrorDomain"
