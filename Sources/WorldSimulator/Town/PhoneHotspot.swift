import PositioningCore

/// A surveyor's phone hotspot: it travels with the surveyor, so the survey hears it strongly
/// all along the route and it has no position of its own.
public struct PhoneHotspot: Hashable, Sendable {
    /// The hotspot's address (manufacturer-assigned or randomized once).
    public let bssid: BSSID
    /// The hotspot's network name.
    public let ssid: String
    /// 2.4 GHz channel number.
    public let channel: Int
    /// Index of the surveyor carrying it.
    public let surveyorIndex: Int
}
