internal import CNetlink
import PositioningCore

extension WirelessInterface {
    /// Reads one `NL80211_CMD_NEW_INTERFACE` reply of a `GET_INTERFACE` dump; nil for a
    /// malformed one or a wireless device without a network interface (P2P device).
    init?(message bytes: [UInt8]) {
        guard let message = try? GenericNetlinkMessage(bytes: bytes),
            let index = message.attributes[Int(NL80211_ATTR_IFINDEX.rawValue)], index.count == 4,
            let name = message.attributes[Int(NL80211_ATTR_IFNAME.rawValue)], !name.isEmpty
        else { return nil }
        let nameBytes = name.prefix { $0 != 0 }  // NLA_NUL_STRING
        self.init(index: Int(GenericNetlinkMessage.readUInt32(index)), name: String(decoding: nameBytes, as: UTF8.self))
        if let mac = message.attributes[Int(NL80211_ATTR_MAC.rawValue)] {
            macAddress = BSSID(octets: mac)
        }
        if let wiphy = message.attributes[Int(NL80211_ATTR_WIPHY.rawValue)], wiphy.count == 4 {
            self.wiphy = Int(GenericNetlinkMessage.readUInt32(wiphy))
        }
        if let type = message.attributes[Int(NL80211_ATTR_IFTYPE.rawValue)], type.count == 4 {
            kind = Kind(GenericNetlinkMessage.readUInt32(type))
        }
    }
}

extension WirelessInterface.Kind {
    /// Maps `enum nl80211_iftype`.
    init(_ type: UInt32) {
        self =
            switch type {
            case NL80211_IFTYPE_STATION.rawValue: .station
            case NL80211_IFTYPE_AP.rawValue: .accessPoint
            case NL80211_IFTYPE_ADHOC.rawValue: .adHoc
            case NL80211_IFTYPE_MONITOR.rawValue: .monitor
            case NL80211_IFTYPE_MESH_POINT.rawValue: .meshPoint
            case NL80211_IFTYPE_P2P_CLIENT.rawValue: .p2pClient
            case NL80211_IFTYPE_P2P_GO.rawValue: .p2pGroupOwner
            case NL80211_IFTYPE_P2P_DEVICE.rawValue: .p2pDevice
            default: .other
            }
    }
}
