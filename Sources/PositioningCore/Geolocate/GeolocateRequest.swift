/// A geolocate API request (Ichnaea / Google shape): what a device heard.
///
/// `{"considerIp": false, "wifiAccessPoints": [{"macAddress": "…", "signalStrength": -60}],
///   "cellTowers": [{"radioType": "lte", "mobileCountryCode": 262, …}]}`
public struct GeolocateRequest: Hashable, Sendable {
    public var wifiAccessPoints: [WiFiObservation]
    public var cellTowers: [CellObservation]
    /// Accepted and ignored: Whereabouts has no IP database.
    public var considerIp: Bool?
    /// Entries that were present but unusable (bad MAC, out-of-range cell), with the reason.
    public var skippedEntries: [String]
    /// The skipped entries that are not entries at all (a field of the wrong JSON type, a word
    /// where a number belongs, an unknown radio): what the server refuses with 400.
    public var malformedEntries: [String] = []
    /// `fallbacks.lacf`: false forbids an answer from a cell's location area alone.
    public var areaFallback: Bool?
    /// `fallbacks.ipf`: accepted and ignored, like `considerIp`.
    public var ipFallback: Bool?

    public init(
        wifiAccessPoints: [WiFiObservation] = [], cellTowers: [CellObservation] = [],
        considerIp: Bool? = nil, skippedEntries: [String] = []
    ) {
        self.wifiAccessPoints = wifiAccessPoints
        self.cellTowers = cellTowers
        self.considerIp = considerIp
        self.skippedEntries = skippedEntries
    }
}
