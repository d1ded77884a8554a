/// The survey and reference file formats Whereabouts imports.
public enum SurveyFormat: String, Hashable, Sendable, CaseIterable {
    /// A WiGLE WiFi CSV export (`WigleWifi-1.x` pre-header, then one row per sighting).
    case wigle
    /// An OpenCellID or Mozilla Location Service cell export (one row per aggregated cell).
    case opencellid
    /// A list of access points with known positions (`ssid,bssid,…,longitude,latitude`).
    case aplist
    /// An Ichnaea geosubmit v2 JSON document (`{"items":[…]}`), read item by item.
    case geosubmit
    /// A Wi-Fi fingerprint table in the UJIIndoorLoc layout (`WAP001…`, EPSG:3857, floor, building).
    case fingerprints
    /// A GeoNames dump (geonames.org): `cities500.txt`-style places, `countryInfo.txt` or
    /// `admin1CodesASCII.txt`, tab-separated; imported into the places table.
    case geonames
}
