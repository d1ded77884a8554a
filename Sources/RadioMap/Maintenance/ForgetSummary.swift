/// What a `db forget` removed from the radio map.
public struct ForgetSummary: Hashable, Sendable {
    /// Raw sightings removed, plus those summaries stood for.
    public var observationsRemoved = 0
    public var accessPointsRemoved = 0
    /// Access points re-aggregated from what remains of them.
    public var accessPointsUpdated = 0
    public var cellsRemoved = 0
    public var cellsUpdated = 0
    /// GPS-tagged fingerprints removed (area and date only).
    public var fingerprintsRemoved = 0

    public init() {}
}
