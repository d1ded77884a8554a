import Foundation

/// When the laptop's own GPS fix is good enough to teach the radio map, and how much learned
/// evidence an access point needs before it is trusted.
///
/// ```swift
/// var policy = LearningPolicy.standard
/// policy.maximumFixAccuracy = 10   // only learn from very good fixes
/// ```
public struct LearningPolicy: Hashable, Sendable {
    /// Fixes with a larger 68 % radius (metres) teach nothing.
    public var maximumFixAccuracy: Double = 20
    /// A scan more than this many seconds from its fix is not placed by it.
    public var maximumFixAge: TimeInterval = 10
    /// Faster than a car on a motorway (m/s, 50 m/s = 180 km/h) means a train, a plane or a
    /// bad fix: nothing heard then is recorded.
    public var maximumSpeed: Double = 50
    /// An access point first met while learning is used only after this many distinct sightings.
    public var minimumDistinctSightings = 3
    /// Two sightings are distinct when this many seconds apart…
    public var distinctInterval: TimeInterval = 20
    /// …or this many metres apart.
    public var distinctDistance: Double = 30
    /// Learned sightings disagree with a known access point when their centre lies further
    /// than `disagreementFactor × radius + disagreementMargin` metres from it.
    public var disagreementFactor: Double = 1
    public var disagreementMargin: Double = 50

    /// The defaults above.
    public static let standard = LearningPolicy()

    public init() {}
}
