import Foundation

/// The thresholds `EmitterAggregator` uses to place an emitter and decide whether to trust it.
///
/// Wi-Fi and cells differ mainly in scale: an access point is heard over tens to hundreds of
/// metres, a cell over kilometres, so "too spread to be one place" and the smallest believable
/// range differ by an order of magnitude.
public struct AggregationPolicy: Hashable, Sendable {
    /// The smallest radius reported, in metres: one or two sightings at one spot do not mean
    /// the emitter is heard only there.
    public var radiusFloor: Double
    /// Sightings further apart than this belong to different places (single-link clustering).
    public var placeSeparation: Double
    /// Sightings whose GPS fix claims worse accuracy (metres) are left out, unless no better
    /// one exists: a fix hundreds of metres off would fake a move or inflate the range.
    public var maximumPositionAccuracy: Double
    /// Two places further apart than `placeSeparation` seen within this interval mean the
    /// emitter travels with someone (a phone hotspot) rather than having been moved once.
    public var travellingInterval: TimeInterval
    /// A locally administered address proves stable once sightings at its one place span at
    /// least this long (or fall on different days).
    public var stabilityInterval: TimeInterval

    public init(
        radiusFloor: Double, placeSeparation: Double, maximumPositionAccuracy: Double,
        travellingInterval: TimeInterval, stabilityInterval: TimeInterval
    ) {
        self.radiusFloor = radiusFloor
        self.maximumPositionAccuracy = maximumPositionAccuracy
        self.placeSeparation = placeSeparation
        self.travellingInterval = travellingInterval
        self.stabilityInterval = stabilityInterval
    }

    /// Access points: heard up to a few hundred metres away, so sightings 1 km apart are two
    /// places. The 25 m floor is about the range of a weak indoor router heard from the street;
    /// 200 m is the worst GPS accuracy Mozilla Ichnaea accepts for Wi-Fi.
    public static let accessPoint = AggregationPolicy(
        radiusFloor: 25, placeSeparation: 1_000, maximumPositionAccuracy: 200, travellingInterval: 6 * 3600,
        stabilityInterval: 3600)

    /// Cells: heard over kilometres, so only sightings 25 km apart are two places.
    public static let cell = AggregationPolicy(
        radiusFloor: 500, placeSeparation: 25_000, maximumPositionAccuracy: 1_000, travellingInterval: 6 * 3600,
        stabilityInterval: 3600)
}
