import PositioningCore

/// Ichnaea's cell position search (`ichnaea/api/locate/cell.py`).
///
/// Known cells are grouped by their area (radio, MCC, MNC, LAC/TAC); each group yields one
/// candidate (`aggregate_cell_position`):
/// - one cell: its position, its radius clamped to 1…50 km as accuracy, its station score;
/// - several: the weighted mean of their *raw* latitudes and longitudes (weights
///   score · ageFactor / signal²), accuracy the 95th percentile of the distances to the cells
///   clamped to 1…50 km, score the sum.
///
/// Only when no observed cell is known does it fall back to the areas (`lacf`): one candidate
/// per known area at its centre, accuracy its radius clamped to 50…500 km, score the area score.
struct IchnaeaCellLocator {
    static let cellAccuracyRange = 1_000.0...50_000.0
    static let areaAccuracyRange = 50_000.0...500_000.0

    /// Candidates from cells grouped by area, in order of each area's first cell.
    func candidates(forCells cells: [(network: IchnaeaNetwork, area: AreaIdentity)]) -> [IchnaeaCandidate] {
        var order: [AreaIdentity] = []
        var groups: [AreaIdentity: [IchnaeaNetwork]] = [:]
        for cell in cells {
            if groups[cell.area] == nil { order.append(cell.area) }
            groups[cell.area, default: []].append(cell.network)
        }
        return order.compactMap { area in
            groups[area].flatMap { aggregate($0, kind: .cell, accuracyRange: Self.cellAccuracyRange) }
        }
    }

    /// Candidates from areas, one each (`cluster_areas` treats every area as its own cluster).
    func candidates(forAreas areas: [IchnaeaNetwork]) -> [IchnaeaCandidate] {
        areas.compactMap { aggregate([$0], kind: .area, accuracyRange: Self.areaAccuracyRange) }
    }

    /// One candidate from a group of cells or a single area (`aggregate_cell_position`).
    func aggregate(_ networks: [IchnaeaNetwork], kind: IchnaeaCandidate.Kind,
                   accuracyRange: ClosedRange<Double>) -> IchnaeaCandidate? {
        guard let first = networks.first else { return nil }
        if networks.count == 1 {
            return IchnaeaCandidate(
                kind: kind, latitude: first.latitude, longitude: first.longitude,
                accuracy: clamp(first.radius, to: accuracyRange), score: first.score,
                used: [EmitterContribution(emitter: first.emitter, weight: 1)])
        }
        let weights = networks.map(\.averagingWeight)
        // cell.py averages raw degrees (numpy.average): cells either side of the antimeridian
        // average to the far side of the globe. The peer keeps that weakness on purpose.
        guard let centre = IchnaeaGeodesy.averageOfRawDegrees(zip(networks, weights).map {
            (latitude: $0.latitude, longitude: $0.longitude, weight: $1)
        }) else { return nil }
        let distances = networks.map {
            IchnaeaGeodesy.distance(centre.latitude, centre.longitude, $0.latitude, $0.longitude)
        }
        let accuracy = clamp(IchnaeaGeodesy.percentile(distances, 0.95), to: accuracyRange)
        let total = weights.reduce(0, +)
        return IchnaeaCandidate(
            kind: kind, latitude: centre.latitude, longitude: centre.longitude, accuracy: accuracy,
            score: networks.reduce(0) { $0 + $1.score },
            used: zip(networks, weights).map { EmitterContribution(emitter: $0.emitter, weight: $1 / total) })
    }

    private func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
