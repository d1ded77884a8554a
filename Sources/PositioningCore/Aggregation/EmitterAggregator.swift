import Foundation

/// Turns an emitter's survey observations into the radio map's estimate of where it is.
///
/// The position is a mean on the sphere weighted by signal strength (a strong sighting was made
/// close to the emitter) and GPS accuracy; the radius is a robust spread of the sightings around
/// it, with a floor. The status says whether positioning may rely on the emitter: `.moved` when
/// it was heard at separate places on separate occasions, `.travelling` when at places far
/// apart within hours (a phone hotspot), `.unproven` for a locally administered address not yet
/// seen at its place on separate occasions.
///
/// ```swift
/// let entry = EmitterAggregator.aggregateAccessPoint(bssid, observations: sightings)
/// entry?.status   // .usable, .moved, .travelling or .unproven
/// ```
public enum EmitterAggregator {
    /// The access point's position, radius and status from all its observations, or nil when
    /// there are none.
    ///
    /// - Parameters:
    ///   - bssid: The access point.
    ///   - observations: Every survey sighting of it, in any order.
    /// - Returns: The radio-map entry; its position is that of the place it was heard at most
    ///   recently.
    public static func aggregateAccessPoint(
        _ bssid: BSSID, observations: [SurveyObservation]
    ) -> KnownAccessPoint? {
        aggregateAccessPoint(bssid, sightings: observations.map(Sighting.init))
    }

    static func aggregateAccessPoint(_ bssid: BSSID, sightings: [Sighting]) -> KnownAccessPoint? {
        guard let summary = summarize(sightings, policy: .accessPoint) else { return nil }
        var status = summary.places.status
        // Many routers use locally administered BSSIDs for secondary networks, but phones use
        // them for randomized hotspot addresses: trust one only once it stayed put over time.
        if status == .usable, bssid.isLocallyAdministered, !summary.places.currentPlaceSeenOnSeparateOccasions {
            status = .unproven
        }
        return KnownAccessPoint(
            bssid: bssid, coordinate: summary.centre, radius: summary.radius, sampleCount: summary.sampleCount,
            firstSeen: summary.firstSeen, lastSeen: summary.lastSeen, status: status,
            ssid: summary.latestSSID)
    }

    /// The cell's position, radius and status from all its observations, or nil when there are none.
    public static func aggregateCell(
        _ identity: CellIdentity, observations: [SurveyObservation]
    ) -> KnownCell? {
        aggregateCell(identity, sightings: observations.map(Sighting.init))
    }

    static func aggregateCell(_ identity: CellIdentity, sightings: [Sighting]) -> KnownCell? {
        guard let summary = summarize(sightings, policy: .cell) else { return nil }
        return KnownCell(
            identity: identity, coordinate: summary.centre, radius: summary.radius,
            sampleCount: summary.sampleCount, firstSeen: summary.firstSeen, lastSeen: summary.lastSeen,
            status: summary.places.status, faintSignal: KnownCell.faintSignal(of: sightings.compactMap(\.signal)))
    }

    /// The area's centroid and a radius covering its cells and their ranges.
    ///
    /// Only usable cells count; when none is usable, all do (an area is coarse anyway).
    public static func aggregateArea(_ identity: AreaIdentity, cells: [KnownCell]) -> KnownArea? {
        aggregateArea(identity, members: cells.map {
            AreaMember(coordinate: $0.coordinate, radius: $0.radius, isUsable: $0.status == .usable)
        })
    }

    /// `aggregateArea(_:cells:)` from only what it needs of each cell: an import re-aggregates
    /// areas of a million cells, and reading whole cells back cost more than the arithmetic.
    public static func aggregateArea(_ identity: AreaIdentity, members: [AreaMember]) -> KnownArea? {
        let counted = members.contains(where: \.isUsable) ? members.filter(\.isUsable) : members
        let vectors = counted.map { NVector($0.coordinate) }
        guard let centre = Geodesy.weightedMean(ofVectors: vectors.lazy.map { ($0, 1.0) }) else { return nil }
        let centreVector = NVector(centre)
        var radius = 0.0
        for (member, vector) in zip(counted, vectors) {
            radius = max(radius, Geodesy.distance(between: centreVector, and: vector) + member.radius)
        }
        return KnownArea(
            identity: identity, coordinate: centre, radius: max(radius, AggregationPolicy.cell.radiusFloor),
            cellCount: counted.count)
    }

    /// How much one sighting says about the emitter's position: strong signals were heard close
    /// to it, and precise GPS fixes place the surveyor better.
    static func weight(of observation: SurveyObservation) -> Double {
        // Received power relative to −80 dBm: −70 dBm weighs 10×, −90 dBm 0.1×.
        let signal = min(max(observation.signalStrength ?? -80, -110), -20)
        let signalWeight = pow(10, (signal + 80) / 10)
        // Inverse variance of the GPS fix, capped at 5 m (survey GPS is rarely truly better).
        let accuracy = max(observation.positionAccuracy ?? 10, 5)
        let accuracyWeight = (5 / accuracy) * (5 / accuracy)
        return signalWeight * accuracyWeight
    }

    struct Summary {
        var places: ObservationPlaces
        var centre: Coordinate
        var radius: Double
        var sampleCount: Int
        var firstSeen: Date?
        var lastSeen: Date?
        var latestSSID: String?
    }

    static func summarize(_ sightings: [Sighting], policy: AggregationPolicy) -> Summary? {
        let located = sightings.filter { $0.position.isValid }
        let precise = located.filter { ($0.positionAccuracy ?? 0) <= policy.maximumPositionAccuracy }
        let valid = precise.isEmpty ? located : precise
        guard !valid.isEmpty else { return nil }
        let places = ObservationPlaces(valid, policy: policy)
        let here = places.current
        guard let centre = Geodesy.weightedMean(here.map { ($0.position, $0.weight) })
            ?? Geodesy.mean(here.map(\.position))
        else { return nil }
        // A summary reaches as far as its own spread beyond its centre.
        let distances = here.map { Geodesy.distance(from: centre, to: $0.position) + $0.spread }
        let times = valid.compactMap(\.time) + valid.compactMap(\.earliest)
        let latest = valid.filter { $0.ssid != nil }.max { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }
        // Whole metres: a radius is not known to a metre, and SQLite stores an
        // integral REAL in 1–2 bytes instead of 8 (a tenth of an access point's row).
        var radius = max(robustSpread(distances), policy.radiusFloor)
        // Known only from positions too coarse to trust (a place's centroid pinned by `learn
        // --at`): the emitter is placed no better than the best of them.
        if precise.isEmpty, let best = valid.compactMap(\.positionAccuracy).min() { radius = max(radius, best) }
        radius = radius.rounded()
        return Summary(
            places: places, centre: centre, radius: radius,
            sampleCount: sightings.reduce(0) { $0 + $1.count },
            firstSeen: times.min(), lastSeen: times.max(), latestSSID: latest?.ssid)
    }

    /// The distance within which 90 % of sightings lie: how far out the emitter is heard,
    /// without letting one stray GPS fix set the range once there are ten or more sightings.
    static func robustSpread(_ distances: [Double]) -> Double {
        let sorted = distances.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = 0.9 * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
    }
}
