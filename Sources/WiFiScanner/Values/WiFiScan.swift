public import PositioningCore

/// The access points one scan heard, with how the results were obtained.
///
/// ```swift
/// let scan = try await WiFiScanner().scan()
/// if scan.isCachedOnly, let note = scan.note { print("note: \(note)") }
/// for accessPoint in scan.accessPoints { print(accessPoint.bssid, accessPoint.ssid?.displayName ?? "") }
/// ```
public struct WiFiScan: Sendable, Hashable {
    /// The interfaces whose results are included.
    public var interfaces: [WirelessInterface]
    /// The access points, strongest first.
    public var accessPoints: [ScannedAccessPoint]
    /// Whether these are only the kernel's cached results rather than a fresh scan — on an
    /// idle machine perhaps only the associated access point.
    public var isCachedOnly: Bool
    /// Why the results are cached, and how thin they are, e.g.
    /// "trigger not permitted (EPERM): cached results, 2 entries, oldest 25 s", or that another
    /// program's scan was used (`EBUSY`); nil for a scan of our own.
    public var note: String?
    /// Attributes and information elements skipped as malformed, and BSS messages dropped
    /// because they lacked a BSSID or frequency.
    public var skippedAttributes: Int

    /// Creates a scan result; ``VirtualAccessPointGrouping`` is applied to `accessPoints`.
    public init(
        interfaces: [WirelessInterface], accessPoints: [ScannedAccessPoint], isCachedOnly: Bool = false,
        note: String? = nil, skippedAttributes: Int = 0
    ) {
        self.interfaces = interfaces
        self.accessPoints = VirtualAccessPointGrouping.grouped(accessPoints).sorted(by: Self.strongerFirst)
        self.isCachedOnly = isCachedOnly
        self.note = note
        self.skippedAttributes = skippedAttributes
    }

    /// The access points as positioning observations.
    public var observations: [WiFiObservation] {
        accessPoints.map(\.observation)
    }

    /// The scan as a geolocate API request (`{"considerIp": false, "wifiAccessPoints": […]}`),
    /// what `locate` sends to the estimator and `scan --json` prints.
    public var geolocateRequest: GeolocateRequest {
        GeolocateRequest(wifiAccessPoints: observations, considerIp: false)
    }

    /// The age of the oldest entry in milliseconds, when known.
    public var oldestAge: Int? {
        accessPoints.compactMap(\.age).max()
    }

    private static func strongerFirst(_ lhs: ScannedAccessPoint, _ rhs: ScannedAccessPoint) -> Bool {
        let left = lhs.signalStrength ?? -.infinity
        let right = rhs.signalStrength ?? -.infinity
        return left != right ? left > right : lhs.bssid < rhs.bssid
    }
}
