/// One evaluation's line in a pooled run: a town (`eval --towns`) or a held-out device
/// (`eval --split-device each`).
public struct PooledLine: Sendable {
    /// The town's seed or the device's model.
    public var label: String
    /// The evaluation.
    public var report: EvaluationReport
    /// The first estimator's Wi-Fi figures, over all bins.
    public var wifi: ErrorStatistics?
    /// Another estimator's (the peer's) Wi-Fi figures, over all bins.
    public var peerWiFi: ErrorStatistics?
    /// Each source, and each of its bins, with ≥ 50 answered queries whose interval misses 68 %,
    /// with its share inside.
    public var missedBins: [(String, Double)]

    /// The line of `report`, labelled `label`. The pooled run's units are its evaluations: within
    /// one, queries are judged as drawn on their own (as `chanceOnTarget` assumes), so the
    /// report's clusters (a phone's recording sessions) are dropped.
    public init(label: String, report: EvaluationReport) {
        self.label = label
        self.report = report.withoutClusters
        let groups = self.report.groups
        let estimator = groups.first?.estimator
        wifi = groups.first { $0.estimator == estimator && $0.source == "wifi" && $0.bin == "all" }?.statistics
        peerWiFi = groups.first { $0.estimator != estimator && $0.source == "wifi" && $0.bin == "all" }?.statistics
        let single = PooledCoverage(reports: [self.report], estimator: estimator ?? "")
        missedBins = single.rows.filter { $0.source != "all" && $0.missed > 0 }.map {
            ($0.bin == "all" ? "\($0.source) (all bins)" : "\($0.source) \($0.bin)", $0.pooledFraction)
        }
    }

    /// The first estimator's Wi-Fi median over the peer's.
    public var ratio: Double? {
        guard let mine = wifi?.median, let peer = peerWiFi?.median, peer > 0 else { return nil }
        return mine / peer
    }
}
