import CNetlink

/// Builds nl80211 messages in memory with libnl itself (`nlmsg_alloc`, `genlmsg_put`,
/// `nla_nest_start`…), the way the kernel lays them out, and returns their bytes: what the
/// live scan hands ``ScanResultParser``.
struct NL80211MessageBuilder {
    /// One attribute: its type and its payload in host byte order.
    struct Attribute {
        var type: Int32
        var payload: [UInt8]

        init(_ type: nl80211_bss, _ payload: [UInt8]) {
            self.type = Int32(type.rawValue)
            self.payload = payload
        }

        init<Value: FixedWidthInteger>(_ type: nl80211_bss, integer: Value) {
            self.init(type, withUnsafeBytes(of: integer) { Array($0) })
        }
    }

    var command = NL80211_CMD_NEW_SCAN_RESULTS
    var interfaceIndex: UInt32? = 3
    var bssAttributes: [Attribute] = []
    /// False leaves `NL80211_ATTR_BSS` out entirely.
    var includesBSS = true

    /// A scan result with the usual attributes; nil leaves one out.
    static func scanResult(
        bssid: [UInt8], frequency: UInt32?, signalMBm: Int32? = nil, seenMillisecondsAgo: UInt32? = nil,
        informationElements: [UInt8]? = nil, beaconElements: [UInt8]? = nil, isProbeResponse: Bool = false,
        isAssociated: Bool = false, capability: UInt16? = nil
    ) -> NL80211MessageBuilder {
        var builder = NL80211MessageBuilder()
        builder.bssAttributes.append(Attribute(NL80211_BSS_BSSID, bssid))
        if let frequency { builder.bssAttributes.append(Attribute(NL80211_BSS_FREQUENCY, integer: frequency)) }
        if let capability { builder.bssAttributes.append(Attribute(NL80211_BSS_CAPABILITY, integer: capability)) }
        if let signalMBm { builder.bssAttributes.append(Attribute(NL80211_BSS_SIGNAL_MBM, integer: signalMBm)) }
        if let seenMillisecondsAgo {
            builder.bssAttributes.append(Attribute(NL80211_BSS_SEEN_MS_AGO, integer: seenMillisecondsAgo))
        }
        if let informationElements {
            builder.bssAttributes.append(Attribute(NL80211_BSS_INFORMATION_ELEMENTS, informationElements))
        }
        if let beaconElements { builder.bssAttributes.append(Attribute(NL80211_BSS_BEACON_IES, beaconElements)) }
        if isProbeResponse { builder.bssAttributes.append(Attribute(NL80211_BSS_PRESP_DATA, [])) }
        if isAssociated {
            builder.bssAttributes.append(Attribute(NL80211_BSS_STATUS, integer: NL80211_BSS_STATUS_ASSOCIATED.rawValue))
        }
        return builder
    }

    /// Replaces (or adds) one BSS attribute.
    func replacing(_ attribute: Attribute) -> NL80211MessageBuilder {
        var copy = self
        copy.bssAttributes.removeAll { $0.type == attribute.type }
        copy.bssAttributes.append(attribute)
        return copy
    }

    /// The message's bytes, from its `nlmsghdr` to its end.
    func bytes() -> [UInt8] {
        let message = nlmsg_alloc()!
        defer { nlmsg_free(message) }
        _ = genlmsg_put(message, UInt32(NL_AUTO_PORT), UInt32(NL_AUTO_SEQ), 28, 0, 0, UInt8(command.rawValue), 1)
        if let interfaceIndex { nla_put_u32(message, Int32(NL80211_ATTR_IFINDEX.rawValue), interfaceIndex) }
        if includesBSS {
            let nest = nla_nest_start(message, Int32(NL80211_ATTR_BSS.rawValue))
            for attribute in bssAttributes {
                _ = attribute.payload.withUnsafeBytes {
                    nla_put(message, attribute.type, Int32($0.count), $0.baseAddress)
                }
            }
            nla_nest_end(message, nest)
        }
        let header = nlmsg_hdr(message)!
        return Array(UnsafeRawBufferPointer(start: header, count: Int(header.pointee.nlmsg_len)))
    }

    /// Information elements holding just an SSID element with `ssid`.
    static func ssidElement(_ ssid: [UInt8]) -> [UInt8] {
        [0, UInt8(ssid.count)] + ssid
    }
}
