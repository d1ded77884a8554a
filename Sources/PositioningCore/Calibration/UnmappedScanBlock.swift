/// A held-out survey scan moved, in effect, off the survey: its access points refit without
/// every sighting near it, so that it is located as a query standing where the survey heard
/// little of what it hears (`RadiusCalibration.Source.wifiUnmapped`).
///
/// A survey's own scans stand on its streets, where the map knows nearly every access point
/// they hear; a query off those streets hears many the map lacks, and the ones it knows were
/// placed from sightings far from it. Leaving out a scan's recording for a few minutes rarely
/// makes it look like that, so the `wifiUnmapped` factors would rest on a handful of samples.
/// The block here is the smallest disk around the scan whose removal takes away every sighting
/// of a kind's share of its access points (`Source.unmappedShareFloor`; each access point's
/// farthest sighting from the scan, the ⌈share · n⌉-th smallest of those distances): the scan
/// then falls into the kind by the same rule a query does, and each access point it still finds is placed only from
/// sightings beyond the block, as an off-survey query finds them. The block's size is set by
/// the survey around the scan, not by a constant: a densely surveyed spot needs a wide block
/// (its access points were heard from all sides), an edge of the survey a narrow one.
///
/// ```swift
/// let block = UnmappedScanBlock(scanAt: scan.position, sightings: sightingsOfHeardAccessPoints, share: 0.25)
/// let refit = block?.refit()   // the access points beyond the block, refit
/// ```
struct UnmappedScanBlock {
    /// The block's radius in metres: sightings this close to the scan or closer are left out.
    let radius: Double
    private let kept: [BSSID: [SurveyObservation]]

    /// The block for a scan at `position` whose heard access points have `sightings` (those the
    /// hold-out keeps; an access point with none is already unmapped) that takes every sighting
    /// of `share` of them. Nil when the scan lacks that share without a block, or when no access
    /// point would be left.
    init?(scanAt position: Coordinate, sightings: [BSSID: [SurveyObservation]], share: Double) {
        guard sightings.count >= 2 else { return nil }
        let distances = sightings.mapValues { observations in
            observations.map { Geodesy.distance(from: $0.position, to: position) }
        }
        let reach = distances.values.map { $0.max() ?? 0 }.sorted()
        let needed = Int((share * Double(reach.count)).rounded(.up))
        let radius = reach[max(needed, 1) - 1]
        guard radius > 0 else { return nil }
        var kept: [BSSID: [SurveyObservation]] = [:]
        for (bssid, observations) in sightings {
            let beyond = zip(observations, distances[bssid] ?? []).filter { $0.1 > radius }.map(\.0)
            if !beyond.isEmpty { kept[bssid] = beyond }
        }
        guard !kept.isEmpty else { return nil }
        self.radius = radius
        self.kept = kept
    }

    /// The access points that keep sightings beyond the block, each refit from those alone.
    func refit() -> [BSSID: KnownAccessPoint] {
        var known: [BSSID: KnownAccessPoint] = [:]
        for (bssid, observations) in kept {
            if let refit = EmitterAggregator.aggregateAccessPoint(bssid, observations: observations) { known[bssid] = refit }
        }
        return known
    }
}
