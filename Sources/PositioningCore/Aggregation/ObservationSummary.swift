import Foundation

/// Many sightings of one emitter folded into one record: what the radio map keeps of raw
/// observations once retention (`keep_observations_days`) has dropped them.
///
/// It keeps what aggregation needs — the weighted centre on the sphere, the total weight, how
/// many sightings and how far they spread around the centre, and when — so re-aggregation,
/// forgetting an import and export still work without the raw rows.
///
/// ```swift
/// let summary = ObservationSummary(summarizing: oldSightings)!
/// let later = summary.merged(with: ObservationSummary(summarizing: moreOldSightings)!)
/// ```
public struct ObservationSummary: Hashable, Sendable {
    /// Weighted mean position of the sightings (weights as `EmitterAggregator` gives them).
    public var centre: Coordinate
    /// Sum of the sightings' weights.
    public var weight: Double
    /// How many sightings it stands for.
    public var sampleCount: Int
    /// Metres from `centre` within which 90 % of the sightings lay.
    public var spread: Double
    public var firstSeen: Date?
    public var lastSeen: Date?
    /// The network name last seen, if any.
    public var ssid: String?

    public init(
        centre: Coordinate, weight: Double, sampleCount: Int, spread: Double,
        firstSeen: Date? = nil, lastSeen: Date? = nil, ssid: String? = nil
    ) {
        self.centre = centre
        self.weight = weight
        self.sampleCount = sampleCount
        self.spread = spread
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.ssid = ssid
    }

    /// The summary of `observations`, or nil when none has a valid position.
    public init?(summarizing observations: [SurveyObservation]) {
        let located = observations.filter { $0.position.isValid }
        let weights = located.map(EmitterAggregator.weight(of:))
        guard let centre = Geodesy.weightedMean(zip(located.map(\.position), weights).map { ($0, $1) })
            ?? Geodesy.mean(located.map(\.position))
        else { return nil }
        let times = located.compactMap(\.time)
        let latestNamed = located.filter { $0.ssid != nil }.max { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }
        self.init(
            centre: centre, weight: weights.reduce(0, +), sampleCount: located.count,
            spread: EmitterAggregator.robustSpread(located.map { Geodesy.distance(from: centre, to: $0.position) }),
            firstSeen: times.min(), lastSeen: times.max(), ssid: latestNamed?.ssid)
    }

    /// One summary standing for the sightings of both.
    public func merged(with other: ObservationSummary) -> ObservationSummary {
        let total = weight + other.weight
        let centre = total > 0
            ? Geodesy.weightedMean([(self.centre, weight), (other.centre, other.weight)]) ?? self.centre
            : Geodesy.mean([self.centre, other.centre]) ?? self.centre
        // A spread that still covers both groups: each one's reach from the new centre.
        let spread = max(
            Geodesy.distance(from: centre, to: self.centre) + self.spread,
            Geodesy.distance(from: centre, to: other.centre) + other.spread)
        let newer = (other.lastSeen ?? .distantPast) >= (lastSeen ?? .distantPast) ? other : self
        return ObservationSummary(
            centre: centre, weight: total, sampleCount: sampleCount + other.sampleCount, spread: spread,
            firstSeen: [firstSeen, other.firstSeen].compactMap { $0 }.min(),
            lastSeen: [lastSeen, other.lastSeen].compactMap { $0 }.max(), ssid: newer.ssid ?? ssid ?? other.ssid)
    }
}
