/// One access point heard in a Wi-Fi scan.
///
/// Fields follow the geolocate API's `wifiAccessPoints` entries; unknown values are nil.
public struct WiFiObservation: Hashable, Sendable {
    public var bssid: BSSID
    /// Received signal strength in dBm (typically −30 strong … −95 weak).
    public var signalStrength: Double?
    /// Centre frequency in MHz (2412, 5180, 5955, …).
    public var frequency: Int?
    /// Channel number, when the source gives it instead of the frequency.
    public var channel: Int?
    /// Milliseconds since the access point was last heard.
    public var age: Int?
    /// The network name. Nil when unknown, empty when hidden.
    public var ssid: String?
    /// Whether the scanning device is associated with this access point.
    public var isAssociated: Bool

    public init(
        bssid: BSSID, signalStrength: Double? = nil, frequency: Int? = nil, channel: Int? = nil,
        age: Int? = nil, ssid: String? = nil, isAssociated: Bool = false
    ) {
        self.bssid = bssid
        self.signalStrength = signalStrength
        self.frequency = frequency
        self.channel = channel
        self.age = age
        self.ssid = ssid
        self.isAssociated = isAssociated
    }

    /// Whether the owner opted the network out of location databases: an SSID ending in
    /// `_nomap` (Google's convention) or containing `_optout` (Microsoft's).
    public var isOptedOut: Bool {
        guard let ssid else { return false }
        return ssid.hasSuffix("_nomap") || ssid.contains("_optout")
    }
}
