/// The countries of mobile country codes (ITU E.212), and the English names of ISO 3166-1
/// countries, from the table Mozilla Ichnaea's country API answers from (mobile-codes 0.7).
///
/// ```swift
/// MobileCountryCodes.countries(forMCC: 262)   // ["DE"]
/// MobileCountryCodes.name(ofCountry: "DE")   // "Germany"
/// ```
///
/// An MCC can belong to several countries (310: the United States, Guam, Puerto Rico and
/// Bermuda); the caller then needs the position to tell them apart.
public enum MobileCountryCodes {
    private static let byMCC: [Int: [String]] = {
        var table: [Int: [String]] = [:]
        for country in countries {
            for mcc in country.mobileCountryCodes { table[mcc, default: []].append(country.code) }
        }
        return table
    }()

    private static let names: [String: String] = Dictionary(
        countries.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })

    /// The ISO 3166-1 alpha-2 codes of the countries that use `mcc`, in the table's order;
    /// empty for a code no country uses.
    public static func countries(forMCC mcc: Int) -> [String] {
        byMCC[mcc] ?? []
    }

    /// The English name of the country with ISO 3166-1 alpha-2 `code` (any case), e.g.
    /// "Germany" for `DE`; nil for a code that is not a country.
    public static func name(ofCountry code: String) -> String? {
        names[code.uppercased()]
    }
}
