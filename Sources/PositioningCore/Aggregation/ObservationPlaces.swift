import Foundation

/// An emitter's survey sightings split into the separate places it was heard at.
///
/// An emitter that stays put is heard at one place; one that was moved is heard at two or more
/// places at different times; one that travels (a phone hotspot) is heard at places far apart
/// within a short time. Places are found by single-link clustering: sightings closer than the
/// policy's `placeSeparation` (directly or through a chain of others) share a place.
struct ObservationPlaces {
    /// The sightings of each place, the place with the most recent sighting first.
    let places: [[Sighting]]
    let policy: AggregationPolicy
    /// Whether every pair of sightings is known to lie within `placeSeparation`.
    private let isCompact: Bool

    init(_ observations: [Sighting], policy: AggregationPolicy) {
        self.policy = policy
        // The usual case, in linear time: all within half the separation of one sighting means
        // no two are further apart than the separation (triangle inequality), so one place.
        if let first = observations.first, observations.allSatisfy({
            Geodesy.distance(from: first.position, to: $0.position) <= policy.placeSeparation / 2
        }) {
            places = [observations]
            isCompact = true
            return
        }
        isCompact = false
        var placeOf = Array(repeating: -1, count: observations.count)
        var places: [[Int]] = []
        for start in observations.indices where placeOf[start] < 0 {
            // Breadth-first walk over "close enough" links from an unplaced sighting.
            placeOf[start] = places.count
            var members = [start]
            var next = 0
            while next < members.count {
                let current = observations[members[next]]
                next += 1
                for other in observations.indices where placeOf[other] < 0 {
                    if Geodesy.distance(from: current.position, to: observations[other].position)
                        <= policy.placeSeparation
                    {
                        placeOf[other] = places.count
                        members.append(other)
                    }
                }
            }
            places.append(members)
        }
        self.places = places.map { $0.map { observations[$0] } }.sorted {
            Self.latestTime(of: $0) > Self.latestTime(of: $1)
        }
    }

    /// Where the emitter is now: the place it was heard at most recently (sightings of unknown
    /// time count as oldest).
    var current: [Sighting] { places.first ?? [] }

    /// Whether the emitter was heard within one place only, at places far apart within a short
    /// time (it travels), or far apart on separate occasions (it was moved).
    ///
    /// Judged on pairs of sightings rather than on clusters: a bus's Wi-Fi heard along its route
    /// forms one chain-shaped cluster, yet its ends lie kilometres apart.
    var status: EmitterStatus {
        if isCompact { return .usable }
        let all = places.flatMap { $0 }
        var spread = false
        for (index, first) in all.enumerated() {
            for second in all[(index + 1)...]
            where Geodesy.distance(from: first.position, to: second.position) > policy.placeSeparation {
                spread = true
                if let a = first.time, let b = second.time, abs(a.timeIntervalSince(b)) <= policy.travellingInterval {
                    return .travelling
                }
            }
        }
        return spread ? .moved : .usable
    }

    /// Whether the current place's sightings were made on separate occasions: spanning at least
    /// `stabilityInterval`, or on different days. Sightings of unknown time prove nothing.
    var currentPlaceSeenOnSeparateOccasions: Bool {
        let times = current.compactMap(\.time) + current.compactMap(\.earliest)
        guard let first = times.min(), let last = times.max() else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let sameDay = calendar.isDate(first, inSameDayAs: last)
        return last.timeIntervalSince(first) >= policy.stabilityInterval || !sameDay
    }

    private static func latestTime(of place: [Sighting]) -> Date {
        place.compactMap(\.time).max() ?? .distantPast
    }
}
