import PositioningCore

/// One access point as a scan reported it.
public struct HeardAccessPoint: Hashable, Sendable {
    public let bssid: BSSID
    public let ssid: String
    public let authMode: String
    public let channel: Int
    public let frequency: Int
    /// Received signal strength, whole dBm.
    public let signalStrength: Int
}

/// One cell as a modem reported it.
public struct HeardCell: Hashable, Sendable {
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
    public let accessPoints: [HeardAccessPoint]
    public let cells: [HeardCell]
}
