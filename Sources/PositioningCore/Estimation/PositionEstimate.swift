/// Identifies one emitter in a request or an estimate.
public enum EmitterID: Hashable, Sendable, CustomStringConvertible {
    case accessPoint(BSSID)
    case cell(CellIdentity)
    case area(AreaIdentity)

    public var description: String {
        switch self {
        case .accessPoint(let bssid): bssid.description
        case .cell(let cell): cell.description
        case .area(let area): area.description
        }
    }
}

/// Why an observed emitter did not count toward a position.
public enum RejectionReason: String, Hashable, Sendable {
    /// Not in the radio map.
    case unknown
    /// `_nomap` / `_optout` network.
    case optedOut
    /// The radio map flagged it as moved.
    case moved
    /// The radio map flagged it as travelling (a phone hotspot).
    case travelling
    /// A locally administered address the map has not seen stable yet.
    case unproven
    /// Too far from where the other emitters agree the device is.
    case outlier
    /// The observation itself is unusable (no signal, absurd values).
    case invalidObservation
    /// A confident Wi-Fi fix far outside the serving cell it was checked against.
    case disagreesWithCell
    /// Heard well before the scan's freshest readings (a scan cache's leftover): the device has
    /// moved on since, and enough fresher access points answered without it.
    case stale
}

/// How much one emitter contributed to an estimate.
public struct EmitterContribution: Hashable, Sendable {
    public var emitter: EmitterID
    /// Relative weight, summing to 1 over the used emitters.
    public var weight: Double

    public init(emitter: EmitterID, weight: Double) {
        self.emitter = emitter
        self.weight = weight
    }
}

/// An emitter that was observed but did not count, and why.
public struct EmitterRejection: Hashable, Sendable {
    public var emitter: EmitterID
    public var reason: RejectionReason

    public init(emitter: EmitterID, reason: RejectionReason) {
        self.emitter = emitter
        self.reason = reason
    }
}

/// How an estimate was computed.
public enum EstimationMethod: String, Hashable, Sendable {
    /// Weighted centroid of access points.
    case accessPointCentroid = "centroid"
    /// One access point's position and range.
    case singleAccessPoint = "single-ap"
    /// Weighted k-nearest fingerprints.
    case fingerprint
    /// Weighted centroid of known cells (or one cell at its range).
    case cellCentroid = "cell"
    /// Centroid of the cell's location/tracking area.
    case area
    /// Mozilla Ichnaea's published algorithm (the reference peer).
    case ichnaea
    /// A satellite fix.
    case gnss
}

/// The result of an estimator: a position, how it was made, and what counted.
public struct PositionEstimate: Hashable, Sendable {
    public var location: Location
    public var method: EstimationMethod
    public var used: [EmitterContribution]
    public var rejected: [EmitterRejection]
    /// Human-readable remarks, e.g. that Wi-Fi and cell disagreed and which one won.
    public var notes: [String]
    /// Whether a calibration factor (fitted on held-out scans for this source and emitter
    /// count) scaled the radius; nil for estimators that are never calibrated (Ichnaea's).
    public var isRadiusCalibrated: Bool?
    /// The floor a fingerprint match puts the device on, when the fingerprints have floors.
    public var floor: Int?
    /// The building a fingerprint match puts the device in, when the fingerprints name buildings.
    public var building: String?

    public init(
        location: Location, method: EstimationMethod, used: [EmitterContribution] = [],
        rejected: [EmitterRejection] = [], notes: [String] = []
    ) {
        self.location = location
        self.method = method
        self.used = used
        self.rejected = rejected
        self.notes = notes
    }
}
