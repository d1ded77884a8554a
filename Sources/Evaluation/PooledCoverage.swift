import Foundation
import PositioningCore

/// Radius coverage of one estimator over many independent evaluations (one per simulated town),
/// per source and emitter-count bin: pooled, and spread between the evaluations.
///
/// Split conformal calibration promises that the truth lies inside the radius 68 % of the time
/// on average over surveys, for queries like the survey's own held-out scans. One town's 50–120
/// queries per bin carry that town's luck (its survey's coverage of the streets, the errors of
/// its few published cells) as well as the binomial noise of a sample. Pooling many towns shows
/// whether the radius is honest on average; the spread between towns, beside the spread the
/// binomial alone would give, shows how much of a single town's miss is the town.
///
/// ```swift
/// let pooled = PooledCoverage(reports: reports, estimator: "whereabouts")
/// for row in pooled.rows { print(row.source, row.bin, row.pooledFraction) }
/// ```
public struct PooledCoverage: Sendable {
    /// One source and bin across the evaluations.
    public struct Row: Hashable, Sendable {
        /// `wifi`, `cell`, `mixed` or `all`.
        public var source: String
        /// `1`, `2`, `3-4`, `5-9`, `10+` or `all`.
        public var bin: String
        /// Each evaluation's answered queries in this row and how many held the truth in each
        /// circle, in the reports' order, for the evaluations with at least one answer.
        public var byEvaluation: [ErrorStatistics.EvaluationCounts]
        /// Evaluations with at least one answered query in this row.
        public var evaluations: Int { byEvaluation.count }
        /// Answered queries, all evaluations together.
        public var answered: Int { byEvaluation.reduce(0) { $0 + $1.answered } }
        /// Of those, how many held the truth inside their radius.
        public var inside: Int { byEvaluation.reduce(0) { $0 + $1.insideRadius } }
        /// Of those, how many held it inside their 95 % radius.
        public var inside95: Int { byEvaluation.reduce(0) { $0 + $1.insideRadius95 } }
        /// Per-evaluation shares inside, of the evaluations with at least `minimumQueries` answered.
        public var judgedFractions: [Double]
        /// The answered queries of each of those judged evaluations.
        public var judgedAnswered: [Int]
        /// Of those judged evaluations, how many have the target outside their own Wilson 95 % interval.
        public var missed: Int

        /// The pooled share inside, 0…1.
        public var pooledFraction: Double { answered > 0 ? Double(inside) / Double(answered) : 0 }
        /// Wilson 95 % interval of the pooled share, as if every query were drawn on its own.
        public var pooledInterval: ClosedRange<Double>? { BinomialInterval.wilson(successes: inside, trials: answered) }
        /// 95 % interval of the pooled share with the evaluations as the units drawn
        /// (`BinomialInterval.clustered`): a town's or a session's queries share its survey and can
        /// miss together. Nil below two evaluations.
        public var intervalByEvaluation: ClosedRange<Double>? { byEvaluation.interval68 }
        /// The pooled share inside the 95 % radius, 0…1.
        public var pooledFraction95: Double { answered > 0 ? Double(inside95) / Double(answered) : 0 }
        /// Its interval with the evaluations as the units drawn.
        public var interval95ByEvaluation: ClosedRange<Double>? { byEvaluation.interval95 }
        /// Standard deviation of the judged evaluations' shares (nil below two).
        public var spreadBetween: Double? {
            guard judgedFractions.count >= 2 else { return nil }
            let mean = judgedFractions.reduce(0, +) / Double(judgedFractions.count)
            let variance = judgedFractions.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(judgedFractions.count - 1)
            return variance.squareRoot()
        }
        /// The standard deviation the binomial alone would give a judged evaluation of mean size
        /// whose radius held the truth exactly `target` of the time.
        public func binomialSpread(target: Double) -> Double? {
            guard !judgedAnswered.isEmpty else { return nil }
            let meanAnswered = Double(judgedAnswered.reduce(0, +)) / Double(judgedAnswered.count)
            return (target * (1 - target) / meanAnswered).squareRoot()
        }
    }

    /// The share the radius is meant to hold (0.68).
    public var target: Double
    /// An evaluation's row is judged on its own when it has at least this many answered queries.
    public var minimumQueries: Int
    /// Rows in the order of `EvaluationReport.groups`: all queries, then each source with its
    /// bins, fewest emitters first.
    public var rows: [Row]
    /// Evaluations whose every judged row of a source (its all-bins row and each bin) holds the
    /// target inside its own interval.
    public var evaluationsOnTarget: Int
    /// How many would, on average, if every radius held the truth exactly `target` of the time:
    /// the sum of each evaluation's `chanceOnTarget`.
    public var expectedOnTarget: Double

    /// Pools the groups of `estimator` across `reports`.
    public init(reports: [EvaluationReport], estimator: String, target: Double = 0.68, minimumQueries: Int = 50) {
        self.target = target
        self.minimumQueries = minimumQueries
        var order: [String] = []
        var rows: [String: Row] = [:]
        var onTarget = 0
        var expected = 0.0
        for report in reports {
            let groups = report.groups.filter { $0.estimator == estimator }
            var isOnTarget = true
            let binGroups = groups.filter { $0.source != "all" && $0.bin != "all" }
            expected += Self.chanceOnTarget(
                answered: Dictionary(grouping: binGroups, by: \.source).mapValues { $0.map(\.statistics.answered) },
                target: target, minimumQueries: minimumQueries)
            for group in groups where group.statistics.answered > 0 {
                let key = group.source + " " + group.bin
                if rows[key] == nil {
                    order.append(key)
                    rows[key] = Row(
                        source: group.source, bin: group.bin, byEvaluation: [], judgedFractions: [], judgedAnswered: [], missed: 0)
                }
                let statistics = group.statistics
                rows[key]!.byEvaluation.append(ErrorStatistics.EvaluationCounts(
                    answered: statistics.answered, insideRadius: statistics.insideRadius,
                    insideRadius95: statistics.insideRadius95))
                guard statistics.answered >= minimumQueries, let fraction = statistics.insideRadiusFraction,
                    let interval = statistics.insideRadiusInterval
                else { continue }
                rows[key]!.judgedFractions.append(fraction)
                rows[key]!.judgedAnswered.append(statistics.answered)
                if !interval.contains(target) {
                    rows[key]!.missed += 1
                    if group.source != "all" { isOnTarget = false }
                }
            }
            if isOnTarget { onTarget += 1 }
        }
        let sources = ["all"] + LocationSource.allCases.map(\.rawValue)
        let bins = ["all"] + RadiusCalibration.CountBin.allCases.map(\.rawValue)
        func rank(_ row: Row) -> (Int, Int) {
            (sources.firstIndex(of: row.source) ?? sources.count, bins.firstIndex(of: row.bin) ?? bins.count)
        }
        self.rows = order.map { rows[$0]! }.sorted { rank($0) < rank($1) }
        evaluationsOnTarget = onTarget
        expectedOnTarget = expected
    }
}
