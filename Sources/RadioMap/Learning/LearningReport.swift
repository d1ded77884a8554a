import PositioningCore

/// What a `LearningSession` has learned so far.
public struct LearningReport: Hashable, Sendable {
    /// Samples offered to the session.
    public var samplesOffered = 0
    /// Samples the gate accepted.
    public var samplesAccepted = 0
    /// Samples the gate turned away, by reason.
    public var rejections: [LearningGate.Rejection: Int] = [:]
    /// Sightings written to the radio map.
    public var observationsStored = 0
    /// Networks left out because they opted out (`_nomap`, `_optout`).
    public var optedOutSkipped = 0
    /// Locally administered addresses left out as a phone's randomized ones.
    public var randomizedSkipped = 0
    /// Access points the map did not know before (possibly still unproven).
    public var accessPointsNew = 0
    /// Known access points re-aggregated with the new sightings.
    public var accessPointsUpdated = 0
    /// Known access points whose learned sightings centre beyond their old range, re-placed
    /// from the new sightings (or flagged `.moved` until enough): routers moved since the
    /// survey, and ones the survey placed badly.
    public var accessPointsMoved = 0
    public var cellsNew = 0
    public var cellsUpdated = 0
    /// Transactions written.
    public var batchesWritten = 0
    /// The `imports` id the session's sightings are recorded under (`db forget-import` takes
    /// them back); nil until the first batch is written.
    public var importID: Int64?

    public init() {}
}
