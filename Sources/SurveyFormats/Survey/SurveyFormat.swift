/// The survey and reference file formats Whereabouts imports.
public enum SurveyFormat: String, Hashable, Sendable, CaseIterable {
    /// A WiGLE WiFi CSV export (`WigleWifi-1.x` pre-header, then one row per sighting).
    case wigle
    /// An OpenCellID or Mozilla Location Service cell export (one row per aggregated cell).
    case opencellid
    /// The WiGLE app's own database (`wiglewifi.sqlite`: `network` and `location` tables).
    case wigledb
    /// A Kismet log (`.kismet`, SQLite): its access points with their location records; or its
    /// tab-separated device export (`kismet_log_to_csv --table devices`).
    case kismet
    /// An observation log with signal strengths, one row per access point per scan (ESP8266
    /// loggers: `…,SSID,Power,Channel,Encryption,BSSID`).
    case scanlog
    /// NeoStumbler's CSV export (`wifis.csv`, `cells.csv`, `beacons.csv`), read by header names.
    case neostumbler
    /// microG's exported location database (`mac,lat,lon,alt` / `mcc,mnc,type,lac,cid,psc,lat,lon,alt`).
    case microg
    /// A Local NLP Backend export (`database v4`, then `id,type,lat,lon,radius_ns,radius_ew,note`).
    case lnb
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
