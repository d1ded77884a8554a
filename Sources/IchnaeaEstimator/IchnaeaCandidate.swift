import PositioningCore

/// One position result of Ichnaea's search (`ichnaea/api/locate/result.py`, `Position`) —
/// one per Wi-Fi cluster, per cell area, or per area fallback — and the rule that picks the
/// answer among them.
struct IchnaeaCandidate {
    enum Kind {
        case wifi
        case cell
        case area
    }

    var kind: Kind
    /// Degrees and metres, rounded to seven decimals as `Result` stores them.
    var latitude: Double
    var longitude: Double
    var accuracy: Double
    var score: Double
    var used: [EmitterContribution]

    init(kind: Kind, latitude: Double, longitude: Double, accuracy: Double, score: Double, used: [EmitterContribution]) {
        self.kind = kind
        self.latitude = IchnaeaGeodesy.roundedToSevenPlaces(latitude)
        self.longitude = IchnaeaGeodesy.roundedToSevenPlaces(longitude)
        self.accuracy = IchnaeaGeodesy.roundedToSevenPlaces(accuracy)
        self.score = score
        self.used = used
    }

    /// The answer among `candidates`, as `PositionResultList.best` chooses it.
    ///
    /// Candidates are grouped around each one (sorted by accuracy): another joins the group
    /// when it lies within 1.5 × the larger of the two accuracies. The group with the highest
    /// summed score wins (ties: the highest single score); within it the most accurate
    /// candidate wins (ties: the higher score). So a precise Wi-Fi fix that agrees with a cell
    /// fix is preferred, while a Wi-Fi fix far from several agreeing cells can lose.
    static func best(of candidates: [IchnaeaCandidate]) -> IchnaeaCandidate? {
        guard candidates.count > 1 else { return candidates.first }
        // Swift's sort is not stable; sort indices with the original order as tie-breaker,
        // as Python's stable `sorted` keeps it.
        let order = candidates.indices.sorted {
            (candidates[$0].accuracy, $0) < (candidates[$1].accuracy, $1)
        }
        let byAccuracy = order.map { candidates[$0] }

        var groups: [[IchnaeaCandidate]] = []
        for (i, first) in byAccuracy.enumerated() {
            var group = [first]
            for second in byAccuracy[(i + 1)...] {
                let reach = max(first.accuracy * 1.5, second.accuracy * 1.5)
                let apart = IchnaeaGeodesy.distance(first.latitude, first.longitude, second.latitude, second.longitude)
                if apart <= reach { group.append(second) }
            }
            groups.append(group)
        }
        // `sorted(..., reverse=True)` keeps the first of equal groups first.
        var bestGroup = groups[0]
        for group in groups.dropFirst() where groupKey(group) > groupKey(bestGroup) {
            bestGroup = group
        }
        var best = bestGroup[0]
        for candidate in bestGroup.dropFirst()
        where (candidate.accuracy, -candidate.score) < (best.accuracy, -best.score) {
            best = candidate
        }
        return best
    }

    private static func groupKey(_ group: [IchnaeaCandidate]) -> (Double, Double) {
        (group.reduce(0) { $0 + $1.score }, group.map(\.score).max() ?? 0)
    }
}
