import ArgumentParsing
import Foundation
import PositioningCore

/// `LAT,LON` in degrees, e.g. `52.52,13.405`.
struct CoordinateArgument: ExpressibleByArgument {
    var coordinate: Coordinate

    init(argument: String) throws(ArgumentValueError) {
        guard let (coordinate, radius) = CircleArgument.parts(of: argument, radius: .forbidden) else {
            throw .message("expects LAT,LON in degrees (e.g. 52.52,13.405), got '\(argument)'")
        }
        precondition(radius == nil)
        self.coordinate = coordinate
    }
    static var defaultValueName: String { "LAT,LON" }
}

/// `LAT,LON,RADIUS`: a circle in degrees and metres (radius above 0).
struct CircleArgument: ExpressibleByArgument {
    var center: Coordinate
    var radius: Double

    init(argument: String) throws(ArgumentValueError) {
        guard let (center, radius) = Self.parts(of: argument, radius: .required), let radius else {
            throw .message("expects LAT,LON,RADIUS (degrees, degrees, metres > 0), got '\(argument)'")
        }
        self.center = center
        self.radius = radius
    }
    static var defaultValueName: String { "LAT,LON,RADIUS" }

    enum RadiusRule { case forbidden, optional, required }

    /// Splits `LAT,LON[,RADIUS]`; nil unless the coordinate is valid and the radius, where
    /// given, a finite number above 0.
    static func parts(of text: String, radius rule: RadiusRule) -> (Coordinate, Double?)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        let counts = switch rule {
        case .forbidden: 2...2
        case .optional: 2...3
        case .required: 3...3
        }
        // Range-checked only: (0, 0) is a place one may name on purpose here, unlike in a survey.
        guard counts.contains(parts.count), let latitude = parts[0], let longitude = parts[1],
            case let coordinate = Coordinate(latitude: latitude, longitude: longitude), coordinate.isValid
        else { return nil }
        guard parts.count == 3 else { return (coordinate, nil) }
        guard let radius = parts[2], radius > 0, radius.isFinite else { return nil }
        return (coordinate, radius)
    }
}

/// `LAT,LON[,ACCURACY]`: a position in degrees with an optional accuracy in metres.
struct PositionArgument: ExpressibleByArgument {
    var coordinate: Coordinate
    var accuracy: Double?

    init(argument: String) throws(ArgumentValueError) {
        guard let (coordinate, accuracy) = CircleArgument.parts(of: argument, radius: .optional) else {
            if CircleArgument.parts(of: argument.split(separator: ",").prefix(2).joined(separator: ","), radius: .forbidden) != nil {
                throw .reason("the accuracy must be positive metres")
            }
            throw .message("expects LAT,LON[,ACCURACY] in degrees and metres, got '\(argument)'")
        }
        self.coordinate = coordinate
        self.accuracy = accuracy
    }
    static var defaultValueName: String { "LAT,LON[,ACCURACY]" }
}
