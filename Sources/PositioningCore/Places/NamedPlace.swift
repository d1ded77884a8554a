/// A place with the names of its admin area and country resolved, as `locate` and `geocode`
/// show it: "Herzliya, Tel Aviv, Israel".
public struct NamedPlace: Hashable, Sendable {
    /// The place itself.
    public var place: Place
    /// The first-order admin area's name (from `admin1CodesASCII.txt`), when imported.
    public var adminAreaName: String?
    /// The country's name (from `countryInfo.txt`), when imported.
    public var countryName: String?

    /// Creates a named place.
    public init(place: Place, adminAreaName: String? = nil, countryName: String? = nil) {
        self.place = place
        self.adminAreaName = adminAreaName
        self.countryName = countryName
    }

    /// "Name, Admin area, Country", leaving out what is unknown; the country code stands in
    /// for a country whose name was not imported.
    public var displayName: String {
        var parts = [place.name]
        if let adminAreaName, !adminAreaName.isEmpty, adminAreaName != place.name { parts.append(adminAreaName) }
        if let countryName, !countryName.isEmpty {
            parts.append(countryName)
        } else if !place.countryCode.isEmpty {
            parts.append(place.countryCode)
        }
        return parts.joined(separator: ", ")
    }
}
