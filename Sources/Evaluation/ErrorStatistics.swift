/// Summary figures of a set of position errors: how many queries were answered, how far off
/// the answers were, and how often the truth lay inside the reported radius.
///
/// ```swift
/// let statistics = ErrorStatistics(queries: 10, errors: [3, 8, 20], insideRadius: 2)
/// print(statistics.median, statistics.insideRadiusInterval)
/// ```
public struct ErrorStatistics: Hashable, Sendable {
    /// Queries evaluated (answered or not).
    public var queries: Int
    /// Queries that got a position.
    public var answered: Int
    /// Errors of the answered queries in metres, sorted ascending.
    public var sortedErrors: [Double]
    /// Answered queries whose truth lay within the reported (68 %) radius.
    public var insideRadius: Int
    /// Answered queries whose truth lay within the reported 95 % radius.
    public var insideRadius95: Int
    /// The same counts per evaluation of a pooled run (a town, a held-out session or phone),
    /// for the evaluations with an answer; empty for a single evaluation. When set, the intervals
    /// take the evaluations as the units drawn (`BinomialInterval.clustered`).
    public var byEvaluation: [EvaluationCounts] = []

    /// One evaluation's answered queries and how many held the truth in each circle.
    public struct EvaluationCounts: Hashable, Sendable {
        public var answered: Int
        public var insideRadius: Int
        public var insideRadius95: Int

        public init(answered: Int, insideRadius: Int, insideRadius95: Int) {
            self.answered = answered
            self.insideRadius = insideRadius
            self.insideRadius95 = insideRadius95
        }
    }

    /// Statistics of `queries` queries whose answered ones had `errors` (metres) and of which
    /// `insideRadius` held the truth within their 68 % radius and `insideRadius95` within their
    /// 95 % one.
    /// - Precondition: `errors.count <= queries` and both counts `<= errors.count`.
    public init(queries: Int, errors: [Double], insideRadius: Int, insideRadius95: Int = 0) {
        precondition(errors.count <= queries && insideRadius <= errors.count && insideRadius95 <= errors.count,
                     "more answers than queries")
        self.queries = queries
        answered = errors.count
        sortedErrors = errors.sorted()
        self.insideRadius = insideRadius
        self.insideRadius95 = insideRadius95
    }

    /// Share of queries answered, 0…1 (0 when there were none).
    public var answeredFraction: Double { queries > 0 ? Double(answered) / Double(queries) : 0 }
    /// Median error in metres (nil when nothing was answered).
    public var median: Double? { percentile(0.5) }
    /// 68th-percentile error in metres.
    public var p68: Double? { percentile(0.68) }
    /// 90th-percentile error in metres.
    public var p90: Double? { percentile(0.9) }
    /// 95th-percentile error in metres.
    public var p95: Double? { percentile(0.95) }
    /// Share of answered queries with the truth inside the radius, 0…1 (nil when none answered).
    public var insideRadiusFraction: Double? { answered > 0 ? Double(insideRadius) / Double(answered) : nil }
    /// 95 % interval around `insideRadiusFraction`: Wilson's, or over `byEvaluation` when set
    /// (nil when none answered, or answered in one evaluation of a pooled run).
    public var insideRadiusInterval: ClosedRange<Double>? {
        byEvaluation.isEmpty ? BinomialInterval.wilson(successes: insideRadius, trials: answered) : byEvaluation.interval68
    }
    /// Share of answered queries with the truth inside the 95 % radius (nil when none answered).
    public var insideRadius95Fraction: Double? { answered > 0 ? Double(insideRadius95) / Double(answered) : nil }
    /// 95 % interval around `insideRadius95Fraction`, drawn as `insideRadiusInterval` is.
    public var insideRadius95Interval: ClosedRange<Double>? {
        byEvaluation.isEmpty ? BinomialInterval.wilson(successes: insideRadius95, trials: answered) : byEvaluation.interval95
    }

    /// `fraction` and its interval as a table shows them: `68.0 % (61.2-74.1)`, the share alone
    /// without an interval, `-` without a share.
    public static func share(_ fraction: Double?, _ interval: ClosedRange<Double>?) -> String {
        guard let fraction else { return "-" }
        guard let interval else { return String(format: "%.1f %%", 100 * fraction) }
        return String(format: "%.1f %% (%.1f-%.1f)", 100 * fraction, 100 * interval.lowerBound, 100 * interval.upperBound)
    }

    /// The `fraction` quantile (0…1) of the errors, interpolated linearly between order
    /// statistics (the "type 7" definition of R and NumPy).
    public func percentile(_ fraction: Double) -> Double? {
        ErrorStatistics.percentile(fraction, ofSorted: sortedErrors)
    }

    /// The `fraction` quantile of `sorted` (ascending), linearly interpolated; nil when empty.
    /// - Precondition: `fraction` lies in 0…1.
    public static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double? {
        precondition((0...1).contains(fraction), "a percentile is a fraction in 0…1")
        guard !sorted.isEmpty else { return nil }
        let rank = fraction * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
    }
}

extension [ErrorStatistics.EvaluationCounts] {
    /// The interval of the share inside the 68 % circle with these evaluations as the units
    /// drawn (`BinomialInterval.clustered`); nil below two.
    var interval68: ClosedRange<Double>? { BinomialInterval.clustered(successes: map(\.insideRadius), trials: map(\.answered)) }
    /// The same for the 95 % circle.
    var interval95: ClosedRange<Double>? { BinomialInterval.clustered(successes: map(\.insideRadius95), trials: map(\.answered)) }
}
