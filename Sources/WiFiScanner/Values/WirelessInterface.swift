public import PositioningCore

/// A wireless network interface the kernel's nl80211 knows.
///
/// The corresponding nl80211 command is `NL80211_CMD_GET_INTERFACE` (dumped); `iw dev` lists
/// the same.
public struct WirelessInterface: Sendable, Hashable, CustomStringConvertible {
    /// The interface's mode (`enum nl80211_iftype`).
    public enum Kind: String, Sendable, Hashable {
        case station, accessPoint, adHoc, monitor, meshPoint, p2pClient, p2pGroupOwner,
            p2pDevice, other
    }

    /// The kernel's interface index (`if_nametoindex`).
    public var index: Int
    /// The interface name, e.g. `wlan0` or `wlp2s0`.
    public var name: String
    /// The interface's MAC address, when the kernel reported one.
    public var macAddress: BSSID?
    /// The interface's mode; only stations scan for positioning.
    public var kind: Kind
    /// The physical device (`phy#N`) the interface belongs to.
    public var wiphy: Int?

    /// Creates an interface description.
    public init(index: Int, name: String, macAddress: BSSID? = nil, kind: Kind = .station, wiphy: Int? = nil) {
        self.index = index
        self.name = name
        self.macAddress = macAddress
        self.kind = kind
        self.wiphy = wiphy
    }

    public var description: String {
        "\(name) (ifindex \(index), \(kind)\(macAddress.map { ", \($0)" } ?? ""))"
    }
}
