import PositioningCore

/// One access point as a scan reported it.
public struct HeardAccessPoint: Hashable, Sendable {
    /// The address heard.
    public let bssid: BSSID
    /// The network name; empty when hidden.
    public let ssid: String
    /// WiGLE's capability string.
    public let authMode: String
    /// 802.11 channel number.
    public let channel: Int
    /// Centre frequency in MHz.
    public let frequency: Int
    /// Received signal strength, whole dBm.
    public let signalStrength: Int
    /// Milliseconds since the reading was heard when the scan's results were read
    /// (`ScanResultCache`: within the sweep for the scan's own readings, longer for leftovers);
    /// nil when the town is walked without a scan cache.
    public var age: Int? = nil
}

/// One cell as a modem reported it.
public struct HeardCell: Hashable, Sendable {
    /// The sector heard.
    public let cell: SimulatedCell
    /// Received signal strength (GSM RSSI, LTE RSRP), whole dBm.
    public let signalStrength: Int
}

/// One scan: where and when it was really made, what the GPS said, and what was heard,
/// strongest first.
public struct SimulatedScan: Hashable, Sendable {
    /// Seconds since 1970, UTC.
    public let time: Int64
    /// Where the scanner really was.
    public let truePosition: PlanePosition
    /// What the GPS reported (true position plus correlated noise).
    public let reportedPosition: PlanePosition
    /// The GPS's own 68 % accuracy estimate, metres.
    public let reportedAccuracy: Double
    /// Who scanned (index into `Town.hotspots`), or nil for a query.
    public let surveyorIndex: Int?
    /// Access points heard, strongest first (routers, hotspots, randomized phones).
    public let accessPoints: [HeardAccessPoint]
    /// Cells heard, serving cell first.
    public let cells: [HeardCell]
}
