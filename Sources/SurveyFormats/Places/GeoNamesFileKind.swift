/// The three GeoNames dump files Whereabouts imports, recognised by their shape.
public enum GeoNamesFileKind: String, Hashable, Sendable, CaseIterable {
    /// `cities500.txt`, `allCountries.txt`, `IL.txt`…: 19 tab-separated columns, one feature a line.
    case places
    /// `countryInfo.txt`: `#` comment lines, then ISO code, ISO3, number, FIPS, name, … (19 columns).
    case countries
    /// `admin1CodesASCII.txt`: `CC.code`, name, ASCII name, geonameid.
    case adminAreas

    /// The kind of file whose first non-comment line is `line`, or nil when it is none of them.
    ///
    /// Only tab-separated lines qualify; the column count and the shape of the first column
    /// decide: a number for places, a two-letter code for countries, `CC.code` for admin areas.
    public static func detect(firstLine line: Substring) -> GeoNamesFileKind? {
        guard line.contains("\t") else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        let first = fields[0]
        if fields.count == GeoNamesParser.placeColumnCount, !first.isEmpty, first.allSatisfy(\.isASCIIDigit) {
            return .places
        }
        if fields.count >= 5, first.count == 2, first.allSatisfy(\.isASCIIUppercaseLetter) {
            return .countries
        }
        if fields.count == 4, let dot = first.firstIndex(of: "."), first[..<dot].count == 2,
            first[..<dot].allSatisfy(\.isASCIIUppercaseLetter)
        {
            return .adminAreas
        }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIIUppercaseLetter: Bool { isASCII && isUppercase }
}
