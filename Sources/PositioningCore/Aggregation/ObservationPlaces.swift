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
        // The usual case, in linear time: all within half the separation of one point means no
        // two are further apart than the separation (triangle inequality), so one place. The
        // point is their mean direction, which finds more sets compact than any one sighting.
        let vectors = observations.map { NVector($0.position) }
        let sum = vectors.reduce(NVector(x: 0, y: 0, z: 0)) { NVector(x: $0.x + $1.x, y: $0.y + $1.y, z: $0.z + $1.z) }
        let length = (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot()
        if length > 0 {
            let centre = NVector(x: sum.x / length, y: sum.y / length, z: sum.z / length)
            if vectors.allSatisfy({ Geodesy.distance(between: centre, and: $0) <= policy.placeSeparation / 2 }) {
                places = [observations]
                isCompact = true
                return
            }
        }
        isCompact = false
        let places = Self.clusters(of: vectors, separation: policy.placeSeparation)
        self.places = places.map { $0.map { observations[$0] } }.sorted {
            Self.latestTime(of: $0) > Self.latestTime(of: $1)
        }
    }

    /// Single-link clusters of `points` (unit vectors) at `separation` metres, each as indices in
    /// ascending order, the clusters in the order of their smallest index.
    ///
    /// Comparing every pair took minutes in calibration, which refits a travelling hotspot (heard
    /// across a whole town, so never compact) once per tested scan. Points are bucketed in cubes
    /// of the Earth-centred frame whose diagonal is just under `separation` (as a chord, so also
    /// as an arc): the points of one cube are one place without any comparison. Two points within
    /// `separation` lie at most two cubes apart on each axis, so only such cubes are joined, by
    /// the first close pair found between them. Cubes work across the antimeridian and at the poles.
    static func clusters(of points: [NVector], separation: Double) -> [[Int]] {
        struct Cube: Hashable {
            var x: Int
            var y: Int
            var z: Int
        }
        let edge = 0.99 * separation / 3.0.squareRoot() / Geodesy.earthRadius
        var members: [Cube: [Int]] = [:]
        for (index, point) in points.enumerated() {
            let cube = Cube(
                x: Int((point.x / edge).rounded(.down)), y: Int((point.y / edge).rounded(.down)),
                z: Int((point.z / edge).rounded(.down)))
            members[cube, default: []].append(index)
        }
        let cubes = Array(members.keys)
        let slot = Dictionary(uniqueKeysWithValues: cubes.enumerated().map { ($1, $0) })
        var joined = DisjointSets(count: cubes.count)
        for (index, cube) in cubes.enumerated() {
            for dx in -2...2 {
                for dy in -2...2 {
                    for dz in -2...2 {
                        let near = Cube(x: cube.x + dx, y: cube.y + dy, z: cube.z + dz)
                        guard let other = slot[near], other > index, joined.root(of: other) != joined.root(of: index)
                        else { continue }
                        let linked = members[cube]!.contains { a in
                            members[near]!.contains { b in
                                Geodesy.distance(between: points[a], and: points[b]) <= separation
                            }
                        }
                        if linked { joined.join(index, other) }
                    }
                }
            }
        }
        return joined.sets()
            .map { group in group.flatMap { members[cubes[$0]]! }.sorted() }
            .sorted { $0[0] < $1[0] }
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
        // Further apart than the separation: an angle above it, i.e. a dot product of the unit
        // vectors below its cosine (no trigonometry per pair; a hotspot has thousands of sightings).
        let vectors = all.map { NVector($0.position) }
        let threshold = cos(policy.placeSeparation / Geodesy.earthRadius)
        var spread = false
        for (index, first) in vectors.enumerated() {
            for other in (index + 1)..<vectors.count {
                let second = vectors[other]
                guard first.x * second.x + first.y * second.y + first.z * second.z < threshold else { continue }
                spread = true
                if let a = all[index].time, let b = all[other].time, abs(a.timeIntervalSince(b)) <= policy.travellingInterval {
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
