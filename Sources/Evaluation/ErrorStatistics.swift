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
    /// Wilson 95 % interval around `insideRadiusFraction` (nil when none answered).
    public var insideRadiusInterval: ClosedRange<Double>? {
        BinomialInterval.wilson(successes: insideRadius, trials: answered)
    }
    /// Share of answered queries with the truth inside the 95 % radius (nil when none answered).
    public var insideRadius95Fraction: Double? { answered > 0 ? Double(insideRadius95) / Double(answered) : nil }
    /// Wilson 95 % interval around `insideRadius95Fraction` (nil when none answered).
    public var insideRadius95Interval: ClosedRange<Double>? {
        BinomialInterval.wilson(successes: insideRadius95, trials: answered)
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
