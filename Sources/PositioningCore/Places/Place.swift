/// A populated place from a gazetteer (GeoNames feature class P): a city, town, village or
/// suburb, with what is needed to name it and to rank it.
public struct Place: Hashable, Sendable {
    /// The GeoNames id (`geonameid`), unique per place.
    public var id: Int64
    /// The name in local script where GeoNames has one, e.g. `Zürich`.
    public var name: String
    /// The name in plain ASCII, e.g. `Zurich`; equal to `name` when that is ASCII already.
    public var asciiName: String
    /// Where the place is (its centre as GeoNames records it), WGS84.
    public var coordinate: Coordinate
    /// The GeoNames feature code, e.g. `PPL`, `PPLA`, `PPLC`, `PPLX` (all of class P count).
    public var featureCode: String
    /// ISO 3166-1 alpha-2 country code, e.g. `IL`; empty when GeoNames has none.
    public var countryCode: String
    /// The first-order administrative division's code within the country, e.g. `02`.
    public var admin1Code: String
    /// Inhabitants as GeoNames records them; 0 when unknown.
    public var population: Int64

    /// Creates a place.
    public init(
        id: Int64, name: String, asciiName: String, coordinate: Coordinate, featureCode: String,
        countryCode: String, admin1Code: String, population: Int64
    ) {
        self.id = id
        self.name = name
        self.asciiName = asciiName
        self.coordinate = coordinate
        self.featureCode = featureCode
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.population = population
    }

    /// The key of the place's admin area in `admin1CodesASCII.txt`: `IL.02`.
    public var admin1Key: String { "\(countryCode).\(admin1Code)" }
}
