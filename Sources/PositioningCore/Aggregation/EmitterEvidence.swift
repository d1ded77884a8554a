import Foundation

/// Everything the radio map holds about one emitter, split by where it came from: surveys
/// (imported files) and the laptop's own learning; raw sightings and summaries of dropped ones.
public struct EmitterEvidence: Hashable, Sendable {
    public var surveyed: [SurveyObservation]
    public var surveyedSummaries: [ObservationSummary]
    public var learned: [SurveyObservation]
    public var learnedSummaries: [ObservationSummary]

    public init(
        surveyed: [SurveyObservation] = [], surveyedSummaries: [ObservationSummary] = [],
        learned: [SurveyObservation] = [], learnedSummaries: [ObservationSummary] = []
    ) {
        self.surveyed = surveyed
        self.surveyedSummaries = surveyedSummaries
        self.learned = learned
        self.learnedSummaries = learnedSummaries
    }

    var surveyedSightings: [Sighting] { surveyed.map(Sighting.init) + surveyedSummaries.map(Sighting.init) }
    var learnedSightings: [Sighting] { learned.map(Sighting.init) + learnedSummaries.map(Sighting.init) }
}

extension EmitterAggregator {
    /// The access point's radio-map entry from surveyed and learned evidence.
    ///
    /// Without learned sightings this is `aggregateAccessPoint(_:observations:)`. An access point
    /// only ever met while learning is `.unproven` until it has `minimumDistinctSightings`
    /// distinct sightings. A surveyed one whose learned sightings centre beyond its range
    /// (`disagreementFactor × radius + disagreementMargin`) was moved since the survey: it is
    /// placed from those new sightings alone — never averaged into a wrong middle — and stays
    /// `.moved` (unused) until they are enough distinct sightings to trust.
    ///
    /// ```swift
    /// let entry = EmitterAggregator.aggregateAccessPoint(bssid, evidence: EmitterEvidence(surveyed: old, learned: new))
    /// ```
    public static func aggregateAccessPoint(
        _ bssid: BSSID, evidence: EmitterEvidence, learning: LearningPolicy = .standard
    ) -> KnownAccessPoint? {
        let surveyed = evidence.surveyedSightings
        let learned = evidence.learnedSightings
        guard !learned.isEmpty else { return aggregateAccessPoint(bssid, sightings: surveyed) }
        guard let old = aggregateAccessPoint(bssid, sightings: surveyed) else {
            guard var new = aggregateAccessPoint(bssid, sightings: learned) else { return nil }
            if new.status == .usable, distinctSightings(learned, policy: learning) < learning.minimumDistinctSightings {
                new.status = .unproven
            }
            return new
        }
        // Where the learned sightings place it, and whether that is beyond the old range.
        guard let learnedCentre = Geodesy.weightedMean(learned.map { ($0.position, $0.weight) })
            ?? Geodesy.mean(learned.map(\.position))
        else { return old }
        let reach = learning.disagreementFactor * old.radius + learning.disagreementMargin
        // Sightings made before the move (near the old place) are left out of the new one.
        let disagreeing = learned.filter {
            Geodesy.distance(from: $0.position, to: learnedCentre) < Geodesy.distance(from: $0.position, to: old.coordinate)
        }
        guard Geodesy.distance(from: old.coordinate, to: learnedCentre) > reach,
            disagreeing.reduce(0, { $0 + $1.count }) >= 2,
            var moved = aggregateAccessPoint(bssid, sightings: disagreeing)
        else {
            return aggregateAccessPoint(bssid, sightings: surveyed + learned)
        }
        if distinctSightings(disagreeing, policy: learning) < learning.minimumDistinctSightings {
            moved.status = .moved
        }
        return moved
    }

    /// The cell's entry from surveyed and learned evidence together (cells reach kilometres,
    /// so a few learned sightings neither prove nor move one).
    public static func aggregateCell(_ identity: CellIdentity, evidence: EmitterEvidence) -> KnownCell? {
        aggregateCell(identity, sightings: evidence.surveyedSightings + evidence.learnedSightings)
    }

    /// Sightings counted once per `distinctInterval` or `distinctDistance`; a summary counts
    /// as all the sightings it stands for.
    static func distinctSightings(_ sightings: [Sighting], policy: LearningPolicy) -> Int {
        var count = 0
        var last: Sighting?
        for sighting in sightings.sorted(by: { ($0.time ?? .distantPast) < ($1.time ?? .distantPast) }) {
            if sighting.count > 1 {
                count += sighting.count
                last = sighting
                continue
            }
            if let previous = last {
                let apart = Geodesy.distance(from: previous.position, to: sighting.position) >= policy.distinctDistance
                let later: Bool
                if let a = previous.time, let b = sighting.time {
                    later = b.timeIntervalSince(a) >= policy.distinctInterval
                } else {
                    later = false
                }
                guard apart || later else { continue }
            }
            count += 1
            last = sighting
        }
        return count
    }
}
