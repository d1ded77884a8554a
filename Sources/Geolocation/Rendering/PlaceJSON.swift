import JSONCodec
import PositioningCore
import RadioMap

/// The JSON shapes of places: `locate`'s `place` member and `geocode --json`'s matches.
public enum PlaceJSON {
    /// Coordinates of places are written with 5 decimals (about 1 m), at least the 4 asked for.
    public static let coordinateDecimals = 5

    /// `{"name","adminArea","country","countryCode","display","lat","lng","population","distance"}`.
    public static func object(for nearby: NearbyPlace) -> JSONObject {
        var object = object(for: nearby.place)
        object.append(key: "distance", value: .number((nearby.distance * 10).rounded() / 10))
        return object
    }

    /// A place without a distance (a `geocode` match).
    public static func object(for named: NamedPlace) -> JSONObject {
        let place = named.place
        var object: JSONObject = ["name": .string(place.name)]
        if let admin = named.adminAreaName { object.append(key: "adminArea", value: .string(admin)) }
        if let country = named.countryName { object.append(key: "country", value: .string(country)) }
        object.append(key: "countryCode", value: .string(place.countryCode))
        object.append(key: "display", value: .string(named.displayName))
        object.append(key: "lat", value: .number(rounded(place.coordinate.latitude)))
        object.append(key: "lng", value: .number(rounded(place.coordinate.longitude)))
        object.append(key: "population", value: .number(Double(place.population)))
        object.append(key: "featureCode", value: .string(place.featureCode))
        object.append(key: "geonameid", value: .number(Double(place.id)))
        return object
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 100_000).rounded() / 100_000
    }
}
