import PositioningCore

/// A position the location service delivers, with how it was obtained.
///
/// ```swift
/// let fix = try await manager.requestLocation()
/// print(fix.location.coordinate, fix.location.horizontalAccuracy, fix.isCached)
/// for attempt in fix.attempts { print(attempt.source, attempt.outcome) }
/// ```
public struct LocationFix: Sendable {
    /// The position, with speed and course derived from earlier fixes when the source gave none.
    public var location: Location
    /// Every source tried for this fix, in order, with its outcome (empty for a cached fix).
    public var attempts: [SourceAttempt]
    /// Whether this is the remembered last-known position rather than a fresh fix.
    public var isCached: Bool
    /// The estimate the position came from: method and emitters used and rejected.
    public var estimate: PositionEstimate
    /// What the estimate was made from (empty for a GNSS or cached fix), for pictures.
    public var input: EstimationInput
    /// For significant-change updates: why this one counted.
    public var significantChange: SignificantChangeDetector.Reason?

    /// Creates a fix.
    public init(
        estimate: PositionEstimate, attempts: [SourceAttempt], isCached: Bool = false,
        input: EstimationInput = EstimationInput(), significantChange: SignificantChangeDetector.Reason? = nil
    ) {
        self.location = estimate.location
        self.estimate = estimate
        self.attempts = attempts
        self.isCached = isCached
        self.input = input
        self.significantChange = significantChange
    }

    /// A remembered position, marked cached.
    public static func cached(_ location: Location) -> LocationFix {
        let method: EstimationMethod
        switch location.source {
        case .gps: method = .gnss
        case .cell: method = .cellCentroid
        case .wifi, .mixed: method = .accessPointCentroid
        }
        return LocationFix(estimate: PositionEstimate(location: location, method: method), attempts: [], isCached: true)
    }
}
