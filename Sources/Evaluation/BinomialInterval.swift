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
        let n = Double(trials)
        let proportion = Double(successes) / n
        let zSquared = z * z
        let denominator = 1 + zSquared / n
        let centre = (proportion + zSquared / (2 * n)) / denominator
        let halfWidth = z / denominator * (proportion * (1 - proportion) / n + zSquared / (4 * n * n)).squareRoot()
        return max(0, centre - halfWidth)...min(1, centre + halfWidth)
    }
}
