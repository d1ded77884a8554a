/// The heard access points of one physical router, counted once.
///
/// A router that broadcasts several networks (guest, 5 GHz, a provider's public hotspot) uses
/// BSSIDs that differ only in the low bits of the last octet, or a locally administered variant
/// of its address that differs only in the first octet. Counted separately they would give that
/// one spot the weight of several agreeing routers.
struct AccessPointGroup {
    /// One heard access point with its radio-map entry and weight.
    struct Member {
        var observation: WiFiObservation
        var known: KnownAccessPoint
        /// How much it pulls the position: received power times `trust`.
        var weight: Double
        /// How much the radio map's entry can be trusted, regardless of how loud it was heard.
        var trust: Double
    }

    var members: [Member]
    var coordinate: Coordinate
    /// `coordinate` as a unit vector, computed once: the consensus search compares every
    /// router with every other several times.
    var vector: NVector
    /// The strongest member's weight: the router counts once.
    var weight: Double
    /// The most trusted member's trust: what the router adds to a consensus.
    var trust: Double
    /// The members' weighted mean range in metres.
    var radius: Double

    init?(_ members: [Member]) {
        // Lazy maps: the same sums in the same order, without an array per group.
        guard let centre = Geodesy.weightedMean(members.lazy.map { ($0.known.coordinate, $0.weight) })
            ?? Geodesy.mean(members.lazy.map(\.known.coordinate))
        else { return nil }
        self.members = members
        coordinate = centre
        vector = NVector(centre)
        weight = members.lazy.map(\.weight).max() ?? 0
        trust = members.lazy.map(\.trust).max() ?? 0
        let totalWeight = members.reduce(0) { $0 + $1.weight }
        radius = totalWeight > 0
            ? members.reduce(0) { $0 + $1.weight * $1.known.radius } / totalWeight
            : members.lazy.map(\.known.radius).max() ?? 0
    }

    /// The address with the first octet and the last octet's low nibble masked: the part that
    /// virtual access points of one router share.
    static func routerKey(_ bssid: BSSID) -> UInt64 {
        bssid.rawValue & 0x00FF_FFFF_FFF0
    }

    /// Groups access points that share a router key and lie within `distance` metres of each
    /// other; everything else stays alone.
    ///
    /// `members` must have distinct BSSIDs (the estimator drops repeats before this).
    static func grouping(_ members: [Member], within distance: Double) -> [AccessPointGroup] {
        // Members sharing a router key, keys in order of first appearance.
        var bucketOfKey: [UInt64: Int] = [:]
        bucketOfKey.reserveCapacity(members.count)
        var buckets: [[Member]] = []
        buckets.reserveCapacity(members.count)
        for member in members {
            let key = routerKey(member.known.bssid)
            if let bucket = bucketOfKey[key] {
                buckets[bucket].append(member)
            } else {
                bucketOfKey[key] = buckets.count
                buckets.append([member])
            }
        }
        var groups: [AccessPointGroup] = []
        groups.reserveCapacity(buckets.count)
        for var remaining in buckets {
            // Most routers are heard on one network: it is its own group (its distance to
            // itself is 0), with no sorting or distances to compute.
            if remaining.count == 1 {
                if let group = AccessPointGroup(remaining) { groups.append(group) }
                continue
            }
            // Strongest first, so each router is anchored on its best-heard network.
            remaining.sort { $0.weight > $1.weight }
            while let anchor = remaining.first {
                var together: [Member] = []
                var apart: [Member] = []
                for member in remaining {
                    if Geodesy.distance(from: anchor.known.coordinate, to: member.known.coordinate) <= distance {
                        together.append(member)
                    } else {
                        apart.append(member)
                    }
                }
                remaining = apart
                if let group = AccessPointGroup(together) { groups.append(group) }
            }
        }
        return groups
    }
}
