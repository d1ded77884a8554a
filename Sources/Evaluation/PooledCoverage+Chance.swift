import Foundation

extension PooledCoverage {
    /// The chance that an evaluation of the same size meets the target in every judged row —
    /// each source's row over all its bins, and each of its bins — when its radius holds the truth
    /// exactly `target` of the time and only binomial luck moves the shares.
    ///
    /// A row is judged when it has at least `minimumQueries` answered queries, and met when its
    /// Wilson 95 % interval contains `target`. A source's bins are independent binomials and its
    /// all-bins row is their sum, so the chance is computed exactly: the distribution of the sum
    /// is built bin by bin, keeping only counts that leave a judged bin on target. Sources are
    /// independent of each other.
    ///
    /// ```swift
    /// let chance = PooledCoverage.chanceOnTarget(answered: ["wifi": [90, 80], "cell": [50]])
    /// ```
    /// - Parameter answered: per source, the answered queries of each of its bins.
    public static func chanceOnTarget(answered: [String: [Int]], target: Double = 0.68, minimumQueries: Int = 50) -> Double {
        answered.values.reduce(1) { chance, bins in
            chance * chanceOnTarget(bins: bins.filter { $0 > 0 }, target: target, minimumQueries: minimumQueries)
        }
    }

    private static func chanceOnTarget(bins: [Int], target: Double, minimumQueries: Int) -> Double {
        // sum[k]: the chance that the bins so far hold k truths inside, each judged bin on target.
        var sum = [1.0]
        for size in bins {
            let counts = binomial(size, target)
            let judged = size >= minimumQueries
            var next = [Double](repeating: 0, count: sum.count + size)
            for inside in 0...size where !judged || isOnTarget(inside, of: size, target: target) {
                for (total, chance) in sum.enumerated() where chance > 0 {
                    next[total + inside] += chance * counts[inside]
                }
            }
            sum = next
        }
        let total = bins.reduce(0, +)
        guard total >= minimumQueries else { return sum.reduce(0, +) }
        return sum.enumerated().reduce(0) { $0 + (isOnTarget($1.offset, of: total, target: target) ? $1.element : 0) }
    }

    private static func isOnTarget(_ inside: Int, of answered: Int, target: Double) -> Bool {
        BinomialInterval.wilson(successes: inside, trials: answered)?.contains(target) ?? true
    }

    /// The binomial(n, p) probabilities of 0…n, computed in logarithms so large n do not underflow.
    private static func binomial(_ n: Int, _ p: Double) -> [Double] {
        let logChoose = { (k: Int) in lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1)) }
        return (0...n).map { k in exp(logChoose(k) + Double(k) * log(p) + Double(n - k) * log(1 - p)) }
    }
}
