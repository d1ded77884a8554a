/// Confidence intervals for a proportion observed as successes out of trials.
public enum BinomialInterval {
    /// The normal quantile for a two-sided 95 % interval.
    public static let z95 = 1.959_963_984_540_054

    /// The Wilson score interval for `successes` out of `trials` at confidence `z` (default 95 %).
    ///
    /// Wilson's interval stays inside 0…1 and keeps close to its nominal coverage even for small
    /// samples and proportions near 0 or 1, where the textbook normal interval fails
    /// (Brown, Cai & DasGupta 2001). Returns nil when there are no trials.
    public static func wilson(successes: Int, trials: Int, z: Double = z95) -> ClosedRange<Double>? {
        precondition(successes >= 0 && successes <= trials, "successes must lie in 0…trials")
        guard trials > 0 else { return nil }
        return wilson(proportion: Double(successes) / Double(trials), trials: Double(trials), z: z)
    }

    /// The 95 % interval of a share pooled over clusters whose trials are not independent of
    /// each other: the queries of one town, one held-out session or one phone share its survey,
    /// so a whole cluster can err at once.
    ///
    /// The clusters are taken as the units drawn. The pooled share's variance is the
    /// cluster-robust (linearised ratio) one, G / (G − 1) · Σ (yᵍ − p·nᵍ)² / N²; the effective
    /// number of trials it implies, p(1 − p) / variance (never more than N), is scaled by
    /// (z / t)² with t Student's quantile on G − 1 degrees of freedom (Korn & Graubard 1998), and
    /// Wilson's interval is taken at that size. Independent trials spread evenly give about
    /// Wilson's interval; a few clusters that are all inside or all outside give an interval as
    /// wide as so few units allow. Nil below two clusters with trials.
    ///
    /// ```swift
    /// BinomialInterval.clustered(successes: [100, 0], trials: [100, 100])  // about 0…1
    /// ```
    public static func clustered(successes: [Int], trials: [Int]) -> ClosedRange<Double>? {
        precondition(successes.count == trials.count, "one success count per cluster")
        let clusters = zip(successes, trials).filter { $0.1 > 0 }
        precondition(clusters.allSatisfy { $0.0 >= 0 && $0.0 <= $0.1 }, "successes must lie in 0…trials")
        guard clusters.count >= 2 else { return nil }
        let total = Double(clusters.reduce(0) { $0 + $1.1 })
        let proportion = Double(clusters.reduce(0) { $0 + $1.0 }) / total
        let count = Double(clusters.count)
        let squares = clusters.reduce(0.0) { sum, cluster in
            let residual = Double(cluster.0) - proportion * Double(cluster.1)
            return sum + residual * residual
        }
        let variance = count / (count - 1) * squares / (total * total)
        let binomial = proportion * (1 - proportion)
        let effective = variance > 0 && binomial > 0 ? min(total, binomial / variance) : total
        let t = StudentT.twoSidedQuantile(0.95, degreesOfFreedom: clusters.count - 1)
        return wilson(proportion: proportion, trials: effective * (z95 / t) * (z95 / t), z: z95)
    }

    private static func wilson(proportion: Double, trials n: Double, z: Double) -> ClosedRange<Double> {
        let zSquared = z * z
        let denominator = 1 + zSquared / n
        let centre = (proportion + zSquared / (2 * n)) / denominator
        let halfWidth = z / denominator * (proportion * (1 - proportion) / n + zSquared / (4 * n * n)).squareRoot()
        return max(0, centre - halfWidth)...min(1, centre + halfWidth)
    }
}
