import Foundation
import Testing
import TestSupport

@testable import Evaluation

/// Coverage pooled over towns, sessions or phones: their queries share a survey and miss
/// together, so the pooled share's interval counts the evaluations, not the queries.
struct ClusteredIntervalTests {
    @Test func studentsQuantilesAreTheTablesOnes() {
        let table: [(Int, Double)] = [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)]
        for (degrees, quantile) in table {
            #expect(abs(StudentT.twoSidedQuantile(0.95, degreesOfFreedom: degrees) - quantile) < 0.0015, "\(degrees) degrees")
        }
        #expect(abs(StudentT.twoSidedProbability(2.0, degreesOfFreedom: 4) - 0.883_883) < 1e-5)
        #expect(abs(StudentT.twoSidedQuantile(0.68, degreesOfFreedom: 1000) - 0.9945) < 0.002, "near the normal's")
    }

    @Test func twoSessionsThatMissTogetherLeaveTheShareNearlyOpen() throws {
        // One session's 100 queries all inside, the other's all outside: pooled 50 %, and two
        // draws say almost nothing more. Counted query by query, 68 % would look refuted.
        let clustered = try #require(BinomialInterval.clustered(successes: [100, 0], trials: [100, 100]))
        #expect(clustered.contains(0.05) && clustered.contains(0.95))
        let naive = try #require(BinomialInterval.wilson(successes: 100, trials: 200))
        #expect(!naive.contains(0.68))
    }

    @Test func independentQueriesSpreadEvenlyGetAboutWilsonsInterval() throws {
        var random = SplitMix64(seed: 30)
        let trials = [Int](repeating: 100, count: 40)
        let successes = trials.map { count in (0..<count).filter { _ in random.unit() < 0.68 }.count }
        let clustered = try #require(BinomialInterval.clustered(successes: successes, trials: trials))
        let naive = try #require(BinomialInterval.wilson(successes: successes.reduce(0, +), trials: 4000))
        let ratio = (clustered.upperBound - clustered.lowerBound) / (naive.upperBound - naive.lowerBound)
        #expect(ratio > 0.85 && ratio < 1.25, "width ratio \(ratio)")
    }

    @Test func theIntervalHoldsItsPromiseWhenSessionsDifferAndWilsonsDoesNot() {
        // 20 sessions of 30–200 queries; each session's radius holds its own share, drawn
        // evenly from 48–88 % (68 % on average). 1,000 such pooled runs.
        var random = SplitMix64(seed: 27)
        var (clusteredHeld, naiveHeld) = (0, 0)
        let runs = 1000
        for _ in 0..<runs {
            var successes: [Int] = []
            var trials: [Int] = []
            for _ in 0..<20 {
                let count = 30 + Int(random.unit() * 171)
                let share = 0.48 + 0.4 * random.unit()
                trials.append(count)
                successes.append((0..<count).filter { _ in random.unit() < share }.count)
            }
            if BinomialInterval.clustered(successes: successes, trials: trials)?.contains(0.68) == true { clusteredHeld += 1 }
            if BinomialInterval.wilson(successes: successes.reduce(0, +), trials: trials.reduce(0, +))?.contains(0.68) == true {
                naiveHeld += 1
            }
        }
        #expect(Double(clusteredHeld) / Double(runs) > 0.92, "clustered: \(clusteredHeld) of \(runs)")
        #expect(Double(naiveHeld) / Double(runs) < 0.75, "query by query: \(naiveHeld) of \(runs)")
    }

    @Test func oneEvaluationHasNoInterval() {
        #expect(BinomialInterval.clustered(successes: [30], trials: [50]) == nil)
        #expect(BinomialInterval.clustered(successes: [30, 0], trials: [50, 0]) == nil, "a cluster without trials is no draw")
        #expect(BinomialInterval.clustered(successes: [], trials: []) == nil)
    }
}
