import Foundation

/// Everything an estimator may look at: what was heard, and what the radio map knows of it.
public struct EstimationInput: Sendable {
    public var wifi: [WiFiObservation]
    public var cells: [CellObservation]
    /// Radio-map entries for the observed BSSIDs (missing = unknown).
    public var accessPoints: [BSSID: KnownAccessPoint]
    /// Radio-map entries for the observed cells.
    public var knownCells: [CellIdentity: KnownCell]
    /// Radio-map entries for the observed cells' areas (for unknown cells).
    public var areas: [AreaIdentity: KnownArea]
    /// The time of the query, for age-dependent weights.
    public var now: Date
    /// Stored fingerprints that heard at least one of the observed access points (empty when
    /// the map holds none), for fingerprint matching.
    public var fingerprints: [Fingerprint]
    /// Every stored fingerprint, indexed once for many queries; when set, it is matched instead
    /// of `fingerprints` (build it with the estimator's matching parameters).
    public var fingerprintMatcher: FingerprintMatcher?
    /// Fingerprints of `fingerprintMatcher` (by index) to leave out: calibration holds a survey
    /// scan's own walk out this way.
    public var excludedFingerprints: (@Sendable (Int) -> Bool)?

    public init(
        wifi: [WiFiObservation] = [], cells: [CellObservation] = [],
        accessPoints: [BSSID: KnownAccessPoint] = [:], knownCells: [CellIdentity: KnownCell] = [:],
        areas: [AreaIdentity: KnownArea] = [:], now: Date = Date(), fingerprints: [Fingerprint] = []
    ) {
        self.fingerprints = fingerprints
        self.wifi = wifi
        self.cells = cells
        self.accessPoints = accessPoints
        self.knownCells = knownCells
        self.areas = areas
        self.now = now
    }
}

/// Turns observations plus radio-map knowledge into a position, or nil when it cannot.
///
/// Implementations are pure (no I/O), so they can be compared side by side on the same input.
public protocol PositionEstimator: Sendable {
    /// A short name for reports (`whereabouts`, `ichnaea`).
    var name: String { get }
    /// Estimates a position from `input`, or returns nil when nothing usable was heard.
    func estimatePosition(from input: EstimationInput) -> PositionEstimate?
}
