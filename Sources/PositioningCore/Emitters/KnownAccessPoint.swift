import Foundation

/// Whether the radio map trusts an emitter enough to position with it.
public enum EmitterStatus: String, Hashable, Sendable {
    /// Seen at a consistent place; use it.
    case usable
    /// It was moved: its observations span more than a few kilometres, or sightings learned
    /// from this machine's GPS place it beyond its old range and are not yet enough to
    /// trust the new place. Not used.
    case moved
    /// Seen at widely separated places within a short time: it travels (a phone hotspot).
    case travelling
    /// A locally administered address not yet seen at one place on separate occasions.
    case unproven
}

/// An access point as the radio map knows it: an estimated position and how far it reaches.
public struct KnownAccessPoint: Hashable, Sendable {
    public var bssid: BSSID
    /// Estimated position of the access point.
    public var coordinate: Coordinate
    /// Metres from `coordinate` within which it has been heard (a robust spread; ≥ 1).
    public var radius: Double
    /// How many observations built this entry.
    public var sampleCount: Int
    public var firstSeen: Date?
    public var lastSeen: Date?
    public var status: EmitterStatus
    /// The network name last seen, if any.
    public var ssid: String?

    public init(
        bssid: BSSID, coordinate: Coordinate, radius: Double, sampleCount: Int,
        firstSeen: Date? = nil, lastSeen: Date? = nil, status: EmitterStatus = .usable, ssid: String? = nil
    ) {
        self.bssid = bssid
        self.coordinate = coordinate
        self.radius = radius
        self.sampleCount = sampleCount
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.status = status
        self.ssid = ssid
    }
}
