import CNetlink
import PositioningCore
import Testing
@testable import WiFiScanner

@Suite struct WirelessInterfaceTests {
    /// An `NL80211_CMD_NEW_INTERFACE` reply as a `GET_INTERFACE` dump returns it, built with libnl.
    static func interfaceMessage(index: UInt32?, name: String?, type: nl80211_iftype) -> [UInt8] {
        let message = nlmsg_alloc()!
        defer { nlmsg_free(message) }
        _ = genlmsg_put(message, UInt32(NL_AUTO_PORT), UInt32(NL_AUTO_SEQ), 28, 0, 0,
            UInt8(NL80211_CMD_NEW_INTERFACE.rawValue), 1)
        if let index { nla_put_u32(message, Int32(NL80211_ATTR_IFINDEX.rawValue), index) }
        if let name { nla_put_string(message, Int32(NL80211_ATTR_IFNAME.rawValue), name) }
        nla_put_u32(message, Int32(NL80211_ATTR_WIPHY.rawValue), 0)
        nla_put_u32(message, Int32(NL80211_ATTR_IFTYPE.rawValue), type.rawValue)
        let mac: [UInt8] = [0x3C, 0x22, 0xFB, 0x01, 0x02, 0x03]
        _ = mac.withUnsafeBytes { nla_put(message, Int32(NL80211_ATTR_MAC.rawValue), 6, $0.baseAddress) }
        let header = nlmsg_hdr(message)!
        return Array(UnsafeRawBufferPointer(start: header, count: Int(header.pointee.nlmsg_len)))
    }

    @Test func interfaceReplyGivesIndexNameAddressAndKind() throws {
        let interface = try #require(
            WirelessInterface(message: Self.interfaceMessage(index: 3, name: "wlp2s0", type: NL80211_IFTYPE_STATION)))
        #expect(interface.index == 3)
        #expect(interface.name == "wlp2s0")
        #expect(interface.macAddress == BSSID("3c:22:fb:01:02:03"))
        #expect(interface.kind == .station)
        #expect(interface.wiphy == 0)
        #expect(interface.description == "wlp2s0 (ifindex 3, station, 3c:22:fb:01:02:03)")
    }

    @Test func deviceWithoutNetworkInterfaceIsLeftOut() {
        // A P2P device has a wdev but no netdev: no ifindex, no name.
        #expect(WirelessInterface(message: Self.interfaceMessage(index: nil, name: nil, type: NL80211_IFTYPE_P2P_DEVICE)) == nil)
        #expect(WirelessInterface(message: Self.interfaceMessage(index: 4, name: "mon0", type: NL80211_IFTYPE_MONITOR))?.kind
            == .monitor)
    }
}
