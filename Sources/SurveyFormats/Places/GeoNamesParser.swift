import PositioningCore

/// Parses the lines of GeoNames dump files (geonames.org, CC BY 4.0) into values.
///
/// Pure functions from one line to a value or a `SurveyRowError`, so the importer can count
/// rejections by reason like any other survey. The layouts are those of the GeoNames
/// `readme.txt`: the main table has 19 tab-separated columns
/// (`geonameid, name, asciiname, alternatenames, latitude, longitude, feature class,
/// feature code, country code, cc2, admin1 … admin4, population, elevation, dem, timezone,
/// modification date`).
///
/// ```swift
/// let place = try GeoNamesParser.parsePlace("294778\tHerzliya\tHerzliya\t…")
/// ```
public enum GeoNamesParser {
    /// Columns of a line of the main table (`cities500.txt`).
    public static let placeColumnCount = 19

    /// A row that is not a populated place (feature class other than P).
    public static let notPopulatedReason = "not a populated place"
    /// A row with the wrong number of tab-separated columns.
    public static let wrongColumnCountReason = "wrong column count"
    /// A geonameid that is not a positive integer.
    public static let invalidIDReason = "invalid geonameid"
    /// A row without a name.
    public static let missingNameReason = "missing name"

    /// The populated place on one line of the main table.
    ///
    /// Every feature class `P` row counts, whatever its feature code (`PPL`, `PPLX`, `PPLQ`…);
    /// other classes are rejected as `notPopulatedReason`. A missing population counts as 0.
    /// - Throws: `SurveyRowError` naming the column at fault.
    public static func parsePlace(_ line: Substring) throws(SurveyRowError) -> Place {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == placeColumnCount else {
            throw SurveyRowError(
                reason: wrongColumnCountReason,
                detail: "\(fields.count) tab-separated columns, expected \(placeColumnCount)")
        }
        guard let id = Int64(fields[0]), id > 0 else {
            throw SurveyRowError(reason: invalidIDReason, column: "geonameid", detail: "geonameid '\(fields[0])' is not a positive integer")
        }
        guard fields[6] == "P" else {
            throw SurveyRowError(reason: notPopulatedReason, column: "feature class",
                                 detail: "feature class '\(fields[6])' is not P (populated place)")
        }
        let name = String(fields[1]).trimmingSpaces
        guard !name.isEmpty else {
            throw SurveyRowError(reason: missingNameReason, column: "name", detail: "geonameid \(id) has no name")
        }
        guard let latitude = Double(fields[4]), let longitude = Double(fields[5]),
            let coordinate = Coordinate(validating: latitude, longitude)
        else {
            throw SurveyRowError(reason: SurveyRowError.invalidCoordinateReason, column: "latitude",
                                 detail: "position '\(fields[4])', '\(fields[5])' is not a valid coordinate")
        }
        let ascii = String(fields[2]).trimmingSpaces
        let population = fields[14].isEmpty ? 0 : Int64(fields[14]) ?? -1
        guard population >= 0 else {
            throw SurveyRowError(reason: "invalid population", column: "population",
                                 detail: "population '\(fields[14])' is not a non-negative integer")
        }
        return Place(
            id: id, name: name, asciiName: ascii.isEmpty ? name : ascii, coordinate: coordinate,
            featureCode: String(fields[7]), countryCode: String(fields[8]), admin1Code: String(fields[10]),
            population: population)
    }

    /// The country on one line of `countryInfo.txt`; nil for its `#` comment lines.
    /// - Throws: `SurveyRowError` when the ISO code or name is missing.
    public static func parseCountry(_ line: Substring) throws(SurveyRowError) -> GeoNamesCountry? {
        if line.hasPrefix("#") { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 5 else {
            throw SurveyRowError(reason: wrongColumnCountReason, detail: "\(fields.count) columns, expected at least 5")
        }
        guard fields[0].count == 2, fields[0].allSatisfy(\.isASCIIUppercaseLetter) else {
            throw SurveyRowError(reason: "invalid country code", column: "ISO", detail: "'\(fields[0])' is not an ISO 3166 code")
        }
        let name = String(fields[4]).trimmingSpaces
        guard !name.isEmpty else {
            throw SurveyRowError(reason: missingNameReason, column: "Country", detail: "\(fields[0]) has no name")
        }
        return GeoNamesCountry(code: String(fields[0]), name: name)
    }

    /// The admin area on one line of `admin1CodesASCII.txt`.
    /// - Throws: `SurveyRowError` when the key is not `CC.code` or the name is missing.
    public static func parseAdminArea(_ line: Substring) throws(SurveyRowError) -> GeoNamesAdminArea {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4 else {
            throw SurveyRowError(reason: wrongColumnCountReason, detail: "\(fields.count) columns, expected 4")
        }
        guard let dot = fields[0].firstIndex(of: "."), fields[0][..<dot].count == 2,
            fields[0].index(after: dot) < fields[0].endIndex
        else {
            throw SurveyRowError(reason: "invalid admin code", column: "code", detail: "'\(fields[0])' is not CC.code")
        }
        let name = String(fields[1]).trimmingSpaces
        guard !name.isEmpty else {
            throw SurveyRowError(reason: missingNameReason, column: "name", detail: "\(fields[0]) has no name")
        }
        let ascii = String(fields[2]).trimmingSpaces
        return GeoNamesAdminArea(key: String(fields[0]), name: name, asciiName: ascii.isEmpty ? name : ascii)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " || view.last == "\r" { view.removeLast() }
        return String(view)
    }
}
