import Foundation

/// Positions from heard Wi-Fi access points: a weighted centroid of the largest group of known
/// access points that agree on where the device is.
///
/// Steps: drop what must not count (opted-out networks, unknown, moved, travelling or unproven
/// access points, absurd observations); merge the virtual access points of one router; find the
/// consensus — the heaviest set of routers within `consensusDistance` of a common centre — so a
/// moved access point or a lone far match cannot drag the fix; then average on the sphere,
/// weighting by received power (linear, not dBm), and derive a 68 % radius from the spread and
/// ranges of the routers used.
///
/// ```swift
/// let result = WiFiEstimator().estimate(from: input)
/// result.candidates.first?.coordinate    // the consensus position
/// ```
public struct WiFiEstimator: Sendable {
    /// The tuning knobs; the defaults were chosen on the Ariel 2017 WiGLE hold-out.
    public struct Parameters: Hashable, Sendable {
        /// dB per factor of 10 in weight: 20 weighs by amplitude, 10 by power.
        public var decibelsPerDecade: Double = 20
        /// Metres within which routers count as agreeing.
        public var consensusDistance: Double = 300
        /// Metres within which virtual access points of one router are merged.
        public var routerSpan: Double = 100
        /// Scale from spread and ranges to the 68 % radius.
        public var radiusScale: Double = 1.1
        /// The smallest radius reported, in metres.
        public var radiusFloor: Double = 10
        /// How much a tight radio-map entry outweighs a wide one: weight ∝ (floor / radius)^this.
        public var rangeExponent: Double = 1
        /// Whether well-sampled entries weigh more (log2 of the sample count, capped).
        public var weighsSamples: Bool = true
        /// The signal assumed when a scan did not report one.
        public var defaultSignal: Double = -80

        /// The tuned defaults.
        public init() {}
    }

    /// One position the Wi-Fi evidence supports: a self-consistent set of routers.
    public struct Candidate: Hashable, Sendable {
        /// The weighted centroid of the agreeing routers.
        public var coordinate: Coordinate
        /// The 68 % radius in metres (before calibration).
        public var radius: Double
        /// `.singleAccessPoint` when one access point answers alone, else `.accessPointCentroid`.
        public var method: EstimationMethod
        /// The access points used and their relative weights.
        public var used: [EmitterContribution]
        /// How many distinct routers agreed.
        public var routerCount: Int
        /// The summed trust of the agreeing routers, which ranks candidates.
        public var score: Double
    }

    /// The outcome: candidates best first, and what was dropped before clustering.
    public struct Result: Hashable, Sendable {
        /// Self-consistent sets of routers, the most trusted first; empty when none is usable.
        public var candidates: [Candidate]
        /// Access points that never reached clustering, and why.
        public var rejected: [EmitterRejection]

        /// Rejections when `chosen` is the answer: the rest plus every access point of the other
        /// candidates as an outlier.
        public func rejections(choosing chosen: Candidate?, reason: RejectionReason = .outlier) -> [EmitterRejection] {
            let usedByChosen = SmallSet((chosen?.used ?? []).lazy.map(\.emitter))
            let others = candidates.flatMap(\.used).map(\.emitter).filter { !usedByChosen.contains($0) }
            return rejected + others.map { EmitterRejection(emitter: $0, reason: reason) }
        }
    }

    /// The tuning knobs in use.
    public var parameters: Parameters

    /// An estimator with `parameters` (the tuned defaults unless given).
    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
    }

    /// Everything the Wi-Fi part of `input` supports, best candidate first.
    public func estimate(from input: EstimationInput) -> Result {
        var rejected: [EmitterRejection] = []
        var members: [AccessPointGroup.Member] = []
        var seen = SmallSet<BSSID>()
        for observation in input.wifi where seen.insert(observation.bssid) {
            let known = input.accessPoints[observation.bssid]
            if let reason = rejection(of: observation, known: known) {
                rejected.append(EmitterRejection(emitter: .accessPoint(observation.bssid), reason: reason))
                continue
            }
            guard let known else { continue }
            let trust = trust(in: known)
            members.append(.init(
                observation: observation, known: known, weight: power(of: observation) * trust, trust: trust))
        }
        var groups = AccessPointGroup.grouping(members, within: parameters.routerSpan)
        var candidates: [Candidate] = []
        while !groups.isEmpty {
            let agreeing = consensus(of: groups)
            if let candidate = makeCandidate(from: agreeing.map { groups[$0] }) {
                candidates.append(candidate)
            }
            var isTaken = [Bool](repeating: false, count: groups.count)
            for index in agreeing { isTaken[index] = true }
            groups = groups.indices.filter { !isTaken[$0] }.map { groups[$0] }
        }
        candidates.sort { $0.score > $1.score }
        return Result(candidates: candidates, rejected: rejected)
    }

    private func rejection(of observation: WiFiObservation, known: KnownAccessPoint?) -> RejectionReason? {
        if observation.isOptedOut { return .optedOut }
        if observation.bssid.isMulticast { return .invalidObservation }
        if let signal = observation.signalStrength, !(signal < 0 && signal > -150) { return .invalidObservation }
        guard let known else { return .unknown }
        switch known.status {
        case .usable: return nil
        case .moved: return .moved
        case .travelling: return .travelling
        case .unproven: return .unproven
        }
    }

    /// Received power relative to −80 dBm (so −60 dBm counts 10× at 20 dB per decade).
    func power(of observation: WiFiObservation) -> Double {
        let signal = min(max(observation.signalStrength ?? parameters.defaultSignal, -100), -25)
        return pow(10, (signal + 80) / parameters.decibelsPerDecade)
    }

    /// How much the radio map's entry can be trusted: well-sampled, tight entries count more.
    func trust(in known: KnownAccessPoint) -> Double {
        let samples = parameters.weighsSamples ? min(max(log2(Double(known.sampleCount)) + 1, 1), 5) : 1
        let tightness = pow(25 / max(known.radius, 25), parameters.rangeExponent)
        return samples * tightness
    }

    /// Indices of the most trusted set of groups lying within `consensusDistance` of their own
    /// weighted centre. Trust, not loudness, ranks the sets: one loud access point far from
    /// several agreeing ones is the likelier mistake. Power breaks ties.
    private func consensus(of groups: [AccessPointGroup]) -> [Int] {
        // Everything below compares straight-line (chord) distances between unit vectors: the
        // same test as the great-circle distance ≤ consensusDistance, without a sine or cosine
        // per pair — this loop is quadratic in the access points heard and was most of the
        // time of a geolocate request.
        let vectors = groups.map(\.vector)
        let chord = 2 * sin(parameters.consensusDistance / (2 * Geodesy.earthRadius))
        let chordSquared = chord * chord
        func near(_ centre: NVector) -> [Int] {
            var members: [Int] = []
            members.reserveCapacity(vectors.count)
            for index in vectors.indices {
                let dx = vectors[index].x - centre.x, dy = vectors[index].y - centre.y, dz = vectors[index].z - centre.z
                if dx * dx + dy * dy + dz * dz <= chordSquared { members.append(index) }
            }
            return members
        }
        func weightedCentre(of members: [Int]) -> NVector? {
            var sum = NVector(x: 0, y: 0, z: 0)
            var totalWeight = 0.0
            for index in members where groups[index].weight > 0 && groups[index].weight.isFinite {
                sum.x += groups[index].weight * vectors[index].x
                sum.y += groups[index].weight * vectors[index].y
                sum.z += groups[index].weight * vectors[index].z
                totalWeight += groups[index].weight
            }
            let length = (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot()
            guard totalWeight > 0, length / totalWeight > 1e-9 else { return nil }
            return NVector(x: sum.x / length, y: sum.y / length, z: sum.z / length)
        }
        var best: [Int] = []
        var bestScore = -Double.infinity
        // Seeds with the same neighbourhood end in the same set with the same score, which can
        // never beat itself (the comparison below is strict): in a tight cluster every seed has
        // the whole cluster as its neighbourhood, and only the first needs re-centring.
        var triedNeighbourhoods: [[Int]] = []
        for seed in groups.indices {
            var members = near(vectors[seed])
            if triedNeighbourhoods.contains(members) { continue }
            triedNeighbourhoods.append(members)
            // Re-centre twice: the seed need not be the middle of its neighbourhood.
            for _ in 0..<2 {
                guard let centre = weightedCentre(of: members) else { break }
                let recentred = near(centre)
                if recentred.isEmpty || recentred == members { break }
                members = recentred
            }
            let score = members.reduce(0) { $0 + groups[$1].trust + 1e-6 * groups[$1].weight }
            if score > bestScore {
                best = members
                bestScore = score
            }
        }
        return best
    }

    private func makeCandidate(from groups: [AccessPointGroup]) -> Candidate? {
        guard let centre = Geodesy.weightedMean(ofVectors: groups.lazy.map { ($0.vector, $0.weight) }) else { return nil }
        let totalWeight = groups.reduce(0) { $0 + $1.weight }
        var used: [EmitterContribution] = []
        used.reserveCapacity(groups.reduce(0) { $0 + $1.members.count })
        for group in groups {
            let memberWeight = group.members.reduce(0) { $0 + $1.weight }
            for member in group.members {
                // A router's share is split among its networks by how well each was heard.
                let share = memberWeight > 0 ? member.weight / memberWeight : 1 / Double(group.members.count)
                used.append(EmitterContribution(
                    emitter: .accessPoint(member.known.bssid), weight: group.weight / totalWeight * share))
            }
        }
        return Candidate(
            coordinate: centre, radius: radius(around: centre, of: groups),
            method: groups.count == 1 && groups[0].members.count == 1 ? .singleAccessPoint : .accessPointCentroid,
            used: used, routerCount: groups.count, score: groups.reduce(0) { $0 + $1.trust + 1e-6 * $1.weight })
    }

    /// The 68 % radius: the weighted RMS distance of the routers from the centre combined with
    /// their ranges, the ranges shrinking (by the fourth root of the count) as more routers agree:
    /// their errors partly average out, but much of the error is shared bias of the survey.
    private func radius(around centre: Coordinate, of groups: [AccessPointGroup]) -> Double {
        let totalWeight = groups.reduce(0) { $0 + $1.weight }
        guard totalWeight > 0 else { return parameters.radiusFloor }
        var squaredSpread = 0.0
        var range = 0.0
        for group in groups {
            let distance = Geodesy.distance(from: centre, to: group.coordinate)
            squaredSpread += group.weight * distance * distance / totalWeight
            range += group.weight * group.radius / totalWeight
        }
        let count = Double(groups.count)
        let raw = (squaredSpread + range * range / count.squareRoot()).squareRoot()
        return max(parameters.radiusScale * raw, parameters.radiusFloor)
    }
}
