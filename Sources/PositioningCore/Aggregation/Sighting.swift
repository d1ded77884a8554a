import Foundation

/// One thing aggregation weighs: a raw sighting, or a summary of many standing in for them.
struct Sighting {
    var position: Coordinate
    var positionAccuracy: Double?
    var weight: Double
    /// How many raw sightings this stands for.
    var count: Int
    /// How far its raw sightings lay around `position` (0 for a raw one).
    var spread: Double
    var earliest: Date?
    /// When it was made; for a summary, its latest sighting.
    var time: Date?
    var ssid: String?
    /// The signal level in dBm of a raw sighting (nil for a summary, which keeps none).
    var signal: Double?

    init(_ observation: SurveyObservation) {
        position = observation.position
        positionAccuracy = observation.positionAccuracy
        weight = EmitterAggregator.weight(of: observation)
        count = 1
        spread = 0
        earliest = observation.time
        time = observation.time
        ssid = observation.ssid
        signal = observation.signalStrength
    }

    init(_ summary: ObservationSummary) {
        position = summary.centre
        positionAccuracy = nil
        weight = summary.weight
        count = summary.sampleCount
        spread = summary.spread
        earliest = summary.firstSeen
        time = summary.lastSeen
        ssid = summary.ssid
    }
}
