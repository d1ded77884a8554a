internal import CNetlink
import PositioningCore

/// Reads one nl80211 scan-result message — the bytes the kernel sends for each BSS in reply to
/// `NL80211_CMD_GET_SCAN` — into a ``ScannedAccessPoint``.
///
/// A pure function of the bytes, so recorded or fuzzed messages test exactly the code the live
/// scan uses. The BSS attributes are checked against a policy (`NL80211_BSS_*` types and
/// lengths from nl80211.h); an attribute with the wrong length is skipped and counted rather
/// than read, as are malformed information elements.
///
/// ```swift
/// let result = try ScanResultParser.parse(messageBytes)
/// print(result.accessPoint.bssid, result.accessPoint.signal ?? "no signal")
/// ```
public enum ScanResultParser {
    /// What one message held.
    public struct Result: Sendable, Hashable {
        /// The interface the result belongs to (`NL80211_ATTR_IFINDEX`), when present.
        public var interfaceIndex: Int?
        /// The access point.
        public var accessPoint: ScannedAccessPoint
        /// Attributes that broke the policy plus malformed information elements.
        public var skippedAttributes: Int
    }

    /// Why a message yields no access point.
    public enum Failure: Error, Sendable, Equatable {
        /// Fewer bytes than the netlink and generic-netlink headers, or than the header's length.
        case truncated
        /// The top-level attributes do not parse.
        case malformedAttributes
        /// The message is not `NL80211_CMD_NEW_SCAN_RESULTS`.
        case unexpectedCommand(UInt8)
        /// No `NL80211_ATTR_BSS` nest.
        case missingBSS
        /// The BSS has no valid BSSID or frequency, without which it cannot be used.
        case missingBSSIDOrFrequency
    }

    /// Parses one message.
    ///
    /// - Parameters:
    ///   - bytes: The whole netlink message, starting at its `nlmsghdr`.
    ///   - bootTimeNow: `CLOCK_BOOTTIME` now, in nanoseconds, used for the age when the kernel
    ///     sent only `NL80211_BSS_LAST_SEEN_BOOTTIME`.
    /// - Throws: ``Failure`` when the message cannot give an access point.
    public static func parse(_ bytes: [UInt8], bootTimeNow: UInt64? = nil) throws(Failure) -> Result {
        let message: GenericNetlinkMessage
        do {
            message = try GenericNetlinkMessage(bytes: bytes)
        } catch .truncated {
            throw .truncated
        } catch {
            throw .malformedAttributes
        }
        guard message.command == UInt8(NL80211_CMD_NEW_SCAN_RESULTS.rawValue) else {
            throw .unexpectedCommand(message.command)
        }
        guard let (bss, skipped) = message.nestedAttributes(of: attribute(NL80211_ATTR_BSS), policy: bssPolicy)
        else { throw .missingBSS }
        guard let address = bss[attribute(NL80211_BSS_BSSID)], let bssid = BSSID(octets: address),
            let frequency = bss[attribute(NL80211_BSS_FREQUENCY)]
        else { throw .missingBSSIDOrFrequency }

        var accessPoint = ScannedAccessPoint(
            bssid: bssid, frequency: Int(GenericNetlinkMessage.readUInt32(frequency)))
        if let mBm = bss[attribute(NL80211_BSS_SIGNAL_MBM)] {
            let value = Int32(bitPattern: GenericNetlinkMessage.readUInt32(mBm))
            accessPoint.signal = .dBm(Double(value) / 100)
        } else if let percent = bss[attribute(NL80211_BSS_SIGNAL_UNSPEC)] {
            accessPoint.signal = .percent(Int(percent[0]))
        }
        accessPoint.age = age(bss, bootTimeNow: bootTimeNow)
        if let status = bss[attribute(NL80211_BSS_STATUS)] {
            accessPoint.isAssociated =
                GenericNetlinkMessage.readUInt32(status) == NL80211_BSS_STATUS_ASSOCIATED.rawValue
        }
        if let capability = bss[attribute(NL80211_BSS_CAPABILITY)] {
            accessPoint.capability = GenericNetlinkMessage.readUInt16(capability)
        }
        if let interval = bss[attribute(NL80211_BSS_BEACON_INTERVAL)] {
            accessPoint.beaconInterval = Int(GenericNetlinkMessage.readUInt16(interval))
        }
        let malformedElements = readElements(bss, into: &accessPoint)

        var interfaceIndex: Int? = nil
        if let index = message.attributes[attribute(NL80211_ATTR_IFINDEX)], index.count == 4 {
            interfaceIndex = Int(GenericNetlinkMessage.readUInt32(index))
        }
        return Result(
            interfaceIndex: interfaceIndex, accessPoint: accessPoint,
            skippedAttributes: skipped + malformedElements)
    }

    /// Chooses the information elements: `NL80211_BSS_INFORMATION_ELEMENTS` (a probe response
    /// when `NL80211_BSS_PRESP_DATA` is set) before `NL80211_BSS_BEACON_IES`, but a hidden
    /// SSID in the first is filled from the other when that one knows it. Returns how many
    /// elements were malformed in the set used.
    private static func readElements(_ bss: [Int: [UInt8]], into accessPoint: inout ScannedAccessPoint) -> Int {
        // nl80211.h: INFORMATION_ELEMENTS came from a probe response when PRESP_DATA is set,
        // or (older kernels) when BEACON_IES is present and differs from them.
        let responseBytes = bss[attribute(NL80211_BSS_INFORMATION_ELEMENTS)]
        let beaconBytes = bss[attribute(NL80211_BSS_BEACON_IES)]
        let isProbeResponse = bss[attribute(NL80211_BSS_PRESP_DATA)] != nil
            || (beaconBytes != nil && responseBytes != beaconBytes)
        let response = responseBytes.map { InformationElements(bytes: $0) }
        let beacon = beaconBytes.map { InformationElements(bytes: $0) }
        if let response {
            accessPoint.informationElements = response
            accessPoint.elementSource = isProbeResponse ? .probeResponse : .beacon
            accessPoint.ssid = response.ssid
            if response.ssid?.isHidden ?? true, let named = beacon?.ssid, !named.isHidden {
                accessPoint.ssid = named
            }
            return response.malformedCount
        }
        if let beacon {
            accessPoint.informationElements = beacon
            accessPoint.elementSource = .beacon
            accessPoint.ssid = beacon.ssid
            return beacon.malformedCount
        }
        return 0
    }

    private static func age(_ bss: [Int: [UInt8]], bootTimeNow: UInt64?) -> Int? {
        if let seen = bss[attribute(NL80211_BSS_SEEN_MS_AGO)] {
            return Int(GenericNetlinkMessage.readUInt32(seen))
        }
        if let lastSeen = bss[attribute(NL80211_BSS_LAST_SEEN_BOOTTIME)], let bootTimeNow {
            let nanoseconds = GenericNetlinkMessage.readUInt64(lastSeen)
            return bootTimeNow >= nanoseconds ? Int((bootTimeNow - nanoseconds) / 1_000_000) : 0
        }
        return nil
    }

    /// The attribute policy for `NL80211_ATTR_BSS`, after the kernel's `bss_policy`
    /// (net/wireless/nl80211.c). Fixed-size types get an exact `maxlen` because libnl's
    /// `validate_nla` checks only the minimum for them otherwise.
    static let bssPolicy: [nla_policy] = {
        var policy = [nla_policy](repeating: nla_policy(), count: Int(NL80211_BSS_MAX.rawValue) + 1)
        func set(_ type: nl80211_bss, _ kind: Int, length: Int) {
            policy[Int(type.rawValue)] = nla_policy(
                type: UInt16(kind), minlen: UInt16(length), maxlen: UInt16(length))
        }
        set(NL80211_BSS_BSSID, NLA_UNSPEC, length: 6)
        set(NL80211_BSS_FREQUENCY, NLA_U32, length: 4)
        set(NL80211_BSS_TSF, NLA_U64, length: 8)
        set(NL80211_BSS_BEACON_INTERVAL, NLA_U16, length: 2)
        set(NL80211_BSS_CAPABILITY, NLA_U16, length: 2)
        set(NL80211_BSS_SIGNAL_MBM, NLA_U32, length: 4)
        set(NL80211_BSS_SIGNAL_UNSPEC, NLA_U8, length: 1)
        set(NL80211_BSS_STATUS, NLA_U32, length: 4)
        set(NL80211_BSS_SEEN_MS_AGO, NLA_U32, length: 4)
        set(NL80211_BSS_LAST_SEEN_BOOTTIME, NLA_U64, length: 8)
        set(NL80211_BSS_PRESP_DATA, NLA_FLAG, length: 0)
        // Element blobs: any length; InformationElements bounds-checks the contents.
        set(NL80211_BSS_INFORMATION_ELEMENTS, NLA_UNSPEC, length: 0)
        set(NL80211_BSS_BEACON_IES, NLA_UNSPEC, length: 0)
        return policy
    }()

    private static func attribute(_ type: nl80211_bss) -> Int { Int(type.rawValue) }
    private static func attribute(_ type: nl80211_attrs) -> Int { Int(type.rawValue) }
}
