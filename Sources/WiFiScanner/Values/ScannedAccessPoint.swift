public import PositioningCore

/// One access point (BSS) from the kernel's scan results.
///
/// Built from one `NL80211_CMD_NEW_SCAN_RESULTS` message by ``ScanResultParser``; the
/// corresponding `iw` output is one `BSS aa:bb:…` block of `iw dev wlan0 scan`.
public struct ScannedAccessPoint: Sendable, Hashable {
    /// How strongly the access point was heard.
    public enum Signal: Sendable, Hashable, CustomStringConvertible {
        /// Received power in dBm (`NL80211_BSS_SIGNAL_MBM` ÷ 100).
        case dBm(Double)
        /// A driver-specific quality, 0–100 (`NL80211_BSS_SIGNAL_UNSPEC`), from drivers that
        /// cannot measure dBm.
        case percent(Int)

        public var description: String {
            switch self {
            case .dBm(let value): "\(value) dBm"
            case .percent(let value): "\(value) %"
            }
        }
    }

    /// Which frame the information elements came from.
    public enum ElementSource: String, Sendable, Hashable {
        /// A probe response (`NL80211_BSS_INFORMATION_ELEMENTS` with `NL80211_BSS_PRESP_DATA`):
        /// carries a hidden network's real SSID.
        case probeResponse
        /// A beacon (`NL80211_BSS_BEACON_IES`, or `INFORMATION_ELEMENTS` without `PRESP_DATA`).
        case beacon
        /// The kernel sent no elements.
        case none
    }

    /// The access point's MAC address.
    public var bssid: BSSID
    /// The network name; nil when the kernel sent no SSID element.
    public var ssid: WiFiSSID?
    /// Centre frequency in MHz.
    public var frequency: Int
    /// Channel and band derived from ``frequency``; nil for a frequency off the channel raster.
    public var channel: WiFiChannel?
    /// Signal strength; nil when the driver reported none.
    public var signal: Signal?
    /// Milliseconds since the access point was last heard, when the kernel said.
    public var age: Int?
    /// Whether this machine is associated with the access point (`NL80211_BSS_STATUS`).
    public var isAssociated: Bool
    /// The capability information field (IEEE 802.11-2020 §9.4.1.4): bit 0 ESS, bit 4 privacy…
    public var capability: UInt16?
    /// The beacon interval in time units (1.024 ms).
    public var beaconInterval: Int?
    /// Country code, RSN and DS channel from the information elements.
    public var informationElements: InformationElements
    /// Which frame ``informationElements`` and ``ssid`` came from.
    public var elementSource: ElementSource
    /// The smallest BSSID of this access point's physical router when it announces several
    /// virtual access points in one scan (see ``VirtualAccessPointGrouping``); nil when alone.
    public var groupID: BSSID?

    /// Creates an access point; every field but the address and frequency is optional.
    public init(
        bssid: BSSID, ssid: WiFiSSID? = nil, frequency: Int, signal: Signal? = nil, age: Int? = nil,
        isAssociated: Bool = false, capability: UInt16? = nil, beaconInterval: Int? = nil,
        informationElements: InformationElements = InformationElements(),
        elementSource: ElementSource = .none, groupID: BSSID? = nil
    ) {
        self.bssid = bssid
        self.ssid = ssid
        self.frequency = frequency
        self.channel = WiFiChannel(frequency: frequency)
        self.signal = signal
        self.age = age
        self.isAssociated = isAssociated
        self.capability = capability
        self.beaconInterval = beaconInterval
        self.informationElements = informationElements
        self.elementSource = elementSource
        self.groupID = groupID
    }

    /// The band, when the frequency is on a channel.
    public var band: WiFiBand? { channel?.band }

    /// Signal in dBm, or nil when unknown or only a percentage.
    public var signalStrength: Double? {
        if case .dBm(let value) = signal { value } else { nil }
    }

    /// Whether the capability field marks the network as encrypted (privacy bit 0x0010).
    public var isPrivacyEnabled: Bool {
        (capability ?? 0) & 0x0010 != 0
    }

    /// The access point as a positioning observation (the geolocate `wifiAccessPoints` entry).
    ///
    /// A non-UTF-8 SSID becomes its escaped display name; a hidden one becomes "".
    public var observation: WiFiObservation {
        WiFiObservation(
            bssid: bssid, signalStrength: signalStrength, frequency: frequency,
            channel: channel?.number, age: age, ssid: ssid?.displayName, isAssociated: isAssociated)
    }
}
