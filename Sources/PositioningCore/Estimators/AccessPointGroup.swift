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
    /// The strongest member's weight: the router counts once.
    var weight: Double
    /// The most trusted member's trust: what the router adds to a consensus.
    var trust: Double
    /// The members' weighted mean range in metres.
    var radius: Double

    init?(_ members: [Member]) {
        guard let centre = Geodesy.weightedMean(members.map { ($0.known.coordinate, $0.weight) })
            ?? Geodesy.mean(members.map(\.known.coordinate))
        else { return nil }
        self.members = members
        coordinate = centre
        weight = members.map(\.weight).max() ?? 0
        trust = members.map(\.trust).max() ?? 0
        let totalWeight = members.reduce(0) { $0 + $1.weight }
        radius = totalWeight > 0
            ? members.reduce(0) { $0 + $1.weight * $1.known.radius } / totalWeight
            : members.map(\.known.radius).max() ?? 0
    }

    /// The address with the first octet and the last octet's low nibble masked: the part that
    /// virtual access points of one router share.
    static func routerKey(_ bssid: BSSID) -> UInt64 {
        bssid.rawValue & 0x00FF_FFFF_FFF0
    }

    /// Groups access points that share a router key and lie within `distance` metres of each
    /// other; everything else stays alone.
    static func grouping(_ members: [Member], within distance: Double) -> [AccessPointGroup] {
        var byKey: [UInt64: [Member]] = [:]
        var order: [UInt64] = []
        for member in members {
            let key = routerKey(member.known.bssid)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(member)
        }
        var groups: [AccessPointGroup] = []
        for key in order {
            var remaining = byKey[key] ?? []
            // Strongest first, so each router is anchored on its best-heard network.
            remaining.sort { $0.weight > $1.weight }
            while let anchor = remaining.first {
                let together = remaining.filter {
                    Geodesy.distance(from: anchor.known.coordinate, to: $0.known.coordinate) <= distance
                }
                remaining.removeAll { candidate in together.contains { $0.known.bssid == candidate.known.bssid } }
                if let group = AccessPointGroup(together) { groups.append(group) }
            }
        }
        return groups
    }
}
