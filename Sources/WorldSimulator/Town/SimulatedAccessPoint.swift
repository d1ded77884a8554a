import PositioningCore

/// One BSSID broadcast by a router in the town.
///
/// A router has a primary BSSID and may add siblings that share most address bits and always
/// sit at the same place: a 5 GHz BSSID, virtual networks (guest, IoT), and a locally
/// administered secondary address. A moved router's BSSIDs are surveyed at `surveyedPosition`
/// and heard by queries at `currentPosition`.
public struct SimulatedAccessPoint: Hashable, Sendable {
    /// What this BSSID is to its router.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// The router's own, manufacturer-assigned address (2.4 GHz).
        case primary
        /// The same network on 5 GHz, address + 1.
        case secondBand
        /// An extra network (guest, IoT) with a sibling address.
        case virtualNetwork
        /// A stable, locally administered secondary address (ISP community hotspot, mesh).
        case locallyAdministeredSecondary
    }

    /// Index in `Town.accessPoints`.
    public let index: Int
    /// Index of the router this BSSID belongs to; keys the spatially consistent shadowing.
    public let routerIndex: Int
    /// The address it broadcasts.
    public let bssid: BSSID
    /// The network name; empty when hidden.
    public let ssid: String
    /// WiGLE's capability string, e.g. `[WPA2-PSK-CCMP][ESS]`.
    public let authMode: String
    /// 802.11 channel number.
    public let channel: Int
    /// Centre frequency in MHz.
    public let frequency: Int
    /// What this BSSID is to its router.
    public let role: Role
    /// Where the survey heard it.
    public let surveyedPosition: PlanePosition
    /// Where it is when the held-out queries are made (differs for moved routers).
    public let currentPosition: PlanePosition
    /// Received power at 1 m in dBm, walls included.
    public let referencePower: Double
    /// Path-loss exponent (about 3 in built-up areas).
    public let pathLossExponent: Double

    /// Whether the router moved between the survey and the queries.
    public var isMoved: Bool { surveyedPosition != currentPosition }

    /// Whether the owner opted the network out of location databases (`_nomap`).
    public var isOptedOut: Bool { ssid.hasSuffix("_nomap") }
}
