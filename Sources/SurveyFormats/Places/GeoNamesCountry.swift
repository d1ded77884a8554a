/// One row of GeoNames' `countryInfo.txt`: a country's ISO code and English name.
public struct GeoNamesCountry: Hashable, Sendable {
    /// ISO 3166-1 alpha-2, e.g. `IL`.
    public var code: String
    /// English name, e.g. `Israel`.
    public var name: String

    /// Creates a country entry.
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// One row of GeoNames' `admin1CodesASCII.txt`: a first-order division's key and names.
public struct GeoNamesAdminArea: Hashable, Sendable {
    /// Country code and admin1 code joined by a dot, e.g. `IL.05`.
    public var key: String
    /// The name, e.g. `Tel Aviv`.
    public var name: String
    /// The name in ASCII.
    public var asciiName: String

    /// Creates an admin area entry.
    public init(key: String, name: String, asciiName: String) {
        self.key = key
        self.name = name
        self.asciiName = asciiName
    }
}
