import PositioningCore

/// Ichnaea's Wi-Fi position search (`ichnaea/api/locate/wifi.py` with `mac.py`).
///
/// 1. Networks agree when they lie within 500 m of each other: complete-linkage hierarchical
///    clustering cut at 500 m (`cluster_networks`). Clusters of one network are dropped, so a
///    query needs at least two known, mutually close access points.
/// 2. Each cluster yields a candidate (`aggregate_cluster_position`): its score is the sum of
///    its stations' scores, its position a Levenberg–Marquardt least-squares fit minimizing
///    Σ (distanceᵢ · ageFactorᵢ / signalᵢ²)², started from the weighted mean of raw degrees
///    with weights score · ageFactor / signal², and its accuracy the 95th percentile of the
///    distances to its networks, clamped to 10…500 m.
///
/// The station radius plays no part in Ichnaea's Wi-Fi weights.
struct IchnaeaWiFiLocator {
    static let maximumClusterDistance = 500.0
    static let maximumNetworksInCluster = 20
    static let accuracyRange = 10.0...500.0

    /// The candidates for `networks`, one per cluster of two or more, in cluster order.
    func candidates(for networks: [IchnaeaNetwork]) -> [IchnaeaCandidate] {
        clusters(of: networks).map(aggregate)
    }

    /// Groups networks that lie within 500 m of each other (`mac.py`, `cluster_networks`).
    func clusters(of networks: [IchnaeaNetwork]) -> [[IchnaeaNetwork]] {
        guard networks.count >= 2 else { return [] }
        let limit = Self.maximumClusterDistance
        if networks.count == 2 {
            let d = IchnaeaGeodesy.distance(networks[0].latitude, networks[0].longitude,
                                            networks[1].latitude, networks[1].longitude)
            return d <= limit ? [networks] : []
        }
        var distances = [[Double]](repeating: [Double](repeating: 0, count: networks.count), count: networks.count)
        for i in networks.indices {
            for j in (i + 1)..<networks.count {
                let d = IchnaeaGeodesy.distance(networks[i].latitude, networks[i].longitude,
                                                networks[j].latitude, networks[j].longitude)
                distances[i][j] = d
                distances[j][i] = d
            }
        }
        // Complete linkage: merge the two groups whose farthest members are closest, while that
        // distance is within the limit — what scipy's `linkage(method="complete")` followed by
        // `fcluster(t=500, criterion="distance")` leaves. Group distances are kept up to date
        // by the Lance–Williams rule for complete linkage: d(a ∪ b, k) = max(d(a, k), d(b, k)).
        var groups = networks.indices.map { [$0] }
        var alive = [Bool](repeating: true, count: networks.count)
        while true {
            var bestPair: (Int, Int)? = nil
            var bestDistance = Double.infinity
            for a in groups.indices where alive[a] {
                for b in (a + 1)..<groups.count where alive[b] && distances[a][b] < bestDistance {
                    bestDistance = distances[a][b]
                    bestPair = (a, b)
                }
            }
            guard let (a, b) = bestPair, bestDistance <= limit else { break }
            groups[a].append(contentsOf: groups[b])
            alive[b] = false
            for k in groups.indices where alive[k] && k != a {
                let merged = max(distances[a][k], distances[b][k])
                distances[a][k] = merged
                distances[k][a] = merged
            }
        }
        groups = groups.indices.filter { alive[$0] }.map { groups[$0] }
        // Ichnaea orders clusters by their first network in query order.
        return groups
            .map { $0.sorted() }
            .filter { $0.count >= 2 }
            .sorted { $0[0] < $1[0] }
            .map { $0.map { networks[$0] } }
    }

    /// The candidate of one cluster (`aggregate_cluster_position`).
    func aggregate(_ cluster: [IchnaeaNetwork]) -> IchnaeaCandidate {
        // mac.py sorts the cluster by ascending score and keeps the first 20 — the *lowest*
        // scoring networks. Faithfully reproduced; ties fall back to the next fields of
        // NETWORK_DTYPE (lat, lon, radius, age, signal), as numpy's structured sort does.
        let sample = cluster.sorted {
            ($0.score, $0.latitude, $0.longitude, $0.radius, $0.age, $0.signal)
                < ($1.score, $1.latitude, $1.longitude, $1.radius, $1.age, $1.signal)
        }.prefix(Self.maximumNetworksInCluster)
        let networks = Array(sample)
        let position = position(of: networks)
        let distances = networks.map {
            IchnaeaGeodesy.distance(position.latitude, position.longitude, $0.latitude, $0.longitude)
        }
        let accuracy = min(max(IchnaeaGeodesy.percentile(distances, 0.95), Self.accuracyRange.lowerBound),
                           Self.accuracyRange.upperBound)
        let fitWeights = networks.map { pow2($0.ageFactor / ($0.signal * $0.signal)) }
        let total = fitWeights.reduce(0, +)
        let used = zip(networks, fitWeights).map {
            EmitterContribution(emitter: $0.emitter, weight: total > 0 ? $1 / total : 1 / Double(networks.count))
        }
        return IchnaeaCandidate(kind: .wifi, latitude: position.latitude, longitude: position.longitude,
                                accuracy: accuracy, score: cluster.reduce(0) { $0 + $1.score }, used: used)
    }

    /// The least-squares position of a sample (`aggregate_mac_position`).
    func position(of networks: [IchnaeaNetwork]) -> Coordinate {
        let initial = IchnaeaGeodesy.averageOfRawDegrees(networks.map {
            (latitude: $0.latitude, longitude: $0.longitude, weight: $0.averagingWeight)
        }) ?? Coordinate(latitude: networks[0].latitude, longitude: networks[0].longitude)
        // The residual omits the station score: only the initial guess uses it.
        let fit = IchnaeaLeastSquares().minimize(from: [initial.latitude, initial.longitude]) { point in
            networks.map {
                IchnaeaGeodesy.distance($0.latitude, $0.longitude, point[0], point[1])
                    * $0.ageFactor / ($0.signal * $0.signal)
            }
        }
        guard fit.termination.foundSolution, fit.solution.allSatisfy(\.isFinite) else { return initial }
        return Coordinate(latitude: fit.solution[0], longitude: fit.solution[1])
    }

    private func pow2(_ value: Double) -> Double { value * value }
}
