import Foundation
import PositioningCore

/// A named place, as Core Location's `CLPlacemark`, made from an imported GeoNames place: a
/// city, town, village or suburb with its first-order admin area and country. GeoNames has no
/// streets or postcodes, so the address fields below the locality are nil.
open class CLPlacemark: NSObject, @unchecked Sendable {
    /// The place's name, e.g. `Mitte`.
    public let name: String?
    /// The city or town: the populated place's name.
    public let locality: String?
    /// The first-order admin area, e.g. `Berlin` (when `admin1CodesASCII.txt` was imported).
    public let administrativeArea: String?
    /// The country's name (when `countryInfo.txt` was imported).
    public let country: String?
    /// The ISO 3166-1 alpha-2 country code, e.g. `DE`.
    public let isoCountryCode: String?
    /// The place's position (its GeoNames centre).
    public let location: CLLocation?
    /// Nil: GeoNames places carry no street.
    public let thoroughfare: String? = nil
    /// Nil: GeoNames places carry no house number.
    public let subThoroughfare: String? = nil
    /// Nil: GeoNames places carry no postcode.
    public let postalCode: String? = nil
    /// Nil: only the first-order admin area is imported.
    public let subAdministrativeArea: String? = nil
    /// Nil: the places carry no sub-locality.
    public let subLocality: String? = nil
    /// Nil: the places carry no time zone here.
    public let timeZone: TimeZone? = nil

    /// A placemark for an imported place.
    init(_ named: NamedPlace) {
        name = named.place.name
        locality = named.place.name
        administrativeArea = named.adminAreaName
        country = named.countryName
        isoCountryCode = named.place.countryCode.isEmpty ? nil : named.place.countryCode
        location = CLLocation(latitude: named.place.coordinate.latitude, longitude: named.place.coordinate.longitude)
    }

    open override var description: String {
        [name, administrativeArea, country].compactMap { $0 }.joined(separator: ", ")
    }
}
