import Foundation
import PositioningCore

/// Field conversions shared by the survey row parsers, each failing with a `SurveyRowError`.
enum SurveyField {
    static func double(_ text: String, column: String) throws(SurveyRowError) -> Double {
        guard let value = Double(text) else {
            throw SurveyRowError(reason: "invalid number", column: column,
                                 detail: "\(column) \"\(text.prefix(30))\" is not a number")
        }
        return value
    }

    static func optionalDouble(_ text: String?) -> Double? {
        guard let text, !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static func integer(_ text: String, column: String) throws(SurveyRowError) -> Int64 {
        guard let value = Int64(text) else {
            throw SurveyRowError(reason: "invalid number", column: column,
                                 detail: "\(column) \"\(text.prefix(30))\" is not an integer")
        }
        return value
    }

    /// A validated position: finite, in range, and not (0, 0), which apps write without a fix.
    static func coordinate(
        latitude latitudeText: String, longitude longitudeText: String,
        latitudeColumn: String, longitudeColumn: String
    ) throws(SurveyRowError) -> Coordinate {
        let reason = SurveyRowError.invalidCoordinateReason
        guard let latitude = Double(latitudeText), latitude.isFinite else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "latitude \"\(latitudeText.prefix(30))\" is not a number")
        }
        guard let longitude = Double(longitudeText), longitude.isFinite else {
            throw SurveyRowError(reason: reason, column: longitudeColumn,
                                 detail: "longitude \"\(longitudeText.prefix(30))\" is not a number")
        }
        guard abs(latitude) <= 90 else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "latitude \(latitude) outside −90…90")
        }
        guard abs(longitude) <= 180 else {
            throw SurveyRowError(reason: reason, column: longitudeColumn,
                                 detail: "longitude \(longitude) outside −180…180")
        }
        guard let coordinate = Coordinate(validating: latitude, longitude) else {
            throw SurveyRowError(reason: reason, column: latitudeColumn,
                                 detail: "position (0, 0) means the surveyor had no fix")
        }
        return coordinate
    }
}
