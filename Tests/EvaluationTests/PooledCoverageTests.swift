import Foundation
import Testing
import TestSupport

@testable import Evaluation

struct PooledCoverageTests {
    /// `count` Wi-Fi 5–9 outcomes of `estimator`, `inside` of them with the truth inside the radius.
    private func outcomes(_ count: Int, inside: Int, estimator: String = "whereabouts") -> [EvaluationOutcome] {
        (0..<count).map { index in
            EvaluationOutcome(
                estimator: estimator, source: .wifi, bin: .fiveToNine, error: index < inside ? 10 : 30, radius: 20)
        }
    }

    @Test func poolsTownsAndJudgesEachTownsBinByItsOwnInterval() throws {
        // Town A: 100 queries, 68 inside (on target). Town B: 100 queries, 50 inside (its Wilson
        // interval, 40.4–59.6 %, misses 68 %). Town C: 20 queries, all inside: too few to judge alone.
        let reports = [
            EvaluationReport(outcomes: outcomes(100, inside: 68) + outcomes(10, inside: 0, estimator: "ichnaea")),
            EvaluationReport(outcomes: outcomes(100, inside: 50)),
            EvaluationReport(outcomes: outcomes(20, inside: 20)),
        ]
        let pooled = PooledCoverage(reports: reports, estimator: "whereabouts")
        #expect(pooled.rows.map { "\($0.source) \($0.bin)" } == ["all all", "wifi all", "wifi 5-9"])
        let bin = try #require(pooled.rows.last)
        #expect(bin.evaluations == 3)
        #expect(bin.answered == 220 && bin.inside == 138, "the peer's outcomes stay out")
        #expect(abs(bin.pooledFraction - 138.0 / 220) < 1e-12)
        #expect(bin.judgedFractions == [0.68, 0.5])
        #expect(bin.missed == 1)
        // Sample standard deviation of 0.68 and 0.50, and the binomial one at 100 queries.
        #expect(abs(try #require(bin.spreadBetween) - 0.18 / 2.squareRoot()) < 1e-12)
        #expect(abs(try #require(bin.binomialSpread(target: 0.68)) - (0.68 * 0.32 / 100).squareRoot()) < 1e-12)
        let interval = try #require(bin.pooledInterval)
        #expect(interval.contains(bin.pooledFraction))
    }

    @Test func rowsFollowTheReportsOrderWhicheverTownFirstHadThem() {
        let single = EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .one, error: 5, radius: 10)
        let reports = [EvaluationReport(outcomes: outcomes(10, inside: 7)), EvaluationReport(outcomes: [single])]
        let rows = PooledCoverage(reports: reports, estimator: "whereabouts").rows.map { "\($0.source) \($0.bin)" }
        #expect(rows == ["all all", "wifi all", "wifi 1", "wifi 5-9"])
    }

    @Test func aSingleJudgedTownHasNoSpread() {
        let pooled = PooledCoverage(reports: [EvaluationReport(outcomes: outcomes(60, inside: 41))], estimator: "whereabouts")
        #expect(pooled.rows.allSatisfy { $0.spreadBetween == nil && $0.missed == 0 && $0.judgedFractions.count == 1 })
        #expect(PooledCoverage(reports: [], estimator: "whereabouts").rows.isEmpty)
    }

    @Test func townsOnTargetAreCountedBesideWhatLuckAloneWouldGive() {
        // Town A is on target, B misses in its one judged bin, C has nothing to judge.
        let reports = [
            EvaluationReport(outcomes: outcomes(100, inside: 68)),
            EvaluationReport(outcomes: outcomes(100, inside: 50)),
            EvaluationReport(outcomes: outcomes(20, inside: 20)),
        ]
        let pooled = PooledCoverage(reports: reports, estimator: "whereabouts")
        #expect(pooled.evaluationsOnTarget == 2)
        // A and B have one judged bin of 100 (the Wi-Fi all-bins row is the same queries); C is
        // on target whatever its luck.
        let one = PooledCoverage.chanceOnTarget(answered: ["wifi": [100]])
        #expect(abs(pooled.expectedOnTarget - (2 * one + 1)) < 1e-9)
    }

    @Test func theChanceOnTargetIsWhatABinomialRadiusMeets() {
        // Too few queries to judge: always on target.
        #expect(abs(PooledCoverage.chanceOnTarget(answered: ["wifi": [20, 29]]) - 1) < 1e-9)
        // One judged row: about the interval's 95 % coverage.
        let single = PooledCoverage.chanceOnTarget(answered: ["wifi": [200]])
        #expect(single > 0.93 && single < 0.97)
        // Independent sources multiply.
        let cells = PooledCoverage.chanceOnTarget(answered: ["cell": [60]])
        #expect(abs(PooledCoverage.chanceOnTarget(answered: ["wifi": [200], "cell": [60]]) - single * cells) < 1e-12)

        // Two judged bins, a small one, and their all-bins row, against drawing the truths: every
        // fix inside with chance 0.68, 20,000 towns.
        let bins = [80, 120, 30]
        let exact = PooledCoverage.chanceOnTarget(answered: ["wifi": bins])
        var generator = SplitMix64(seed: 3)
        var met = 0
        let towns = 20_000
        func onTarget(_ inside: Int, _ answered: Int) -> Bool {
            BinomialInterval.wilson(successes: inside, trials: answered)!.contains(0.68)
        }
        for _ in 0..<towns {
            let inside = bins.map { size in (0..<size).count { _ in Double.random(in: 0..<1, using: &generator) < 0.68 } }
            let judged = zip(inside, bins).filter { $0.1 >= 50 }.allSatisfy { onTarget($0.0, $0.1) }
            if judged && onTarget(inside.reduce(0, +), bins.reduce(0, +)) { met += 1 }
        }
        // Four standard errors of a share near 0.87 over 20,000 draws.
        #expect(abs(Double(met) / Double(towns) - exact) < 0.01)
        #expect(exact < single, "three judged rows are harder to meet than one")
    }

    @Test func textTablePadsTextLeftAndFiguresRightWithoutTrailingSpaces() {
        #expect(TextTable.render([["source", "n"], ["wifi", "200"]], textColumns: 1) == "source    n\nwifi    200\n")
        #expect(TextTable.render([["a", "bb"], ["ccc", "d"]]) == "a    bb\nccc  d\n")
    }
}

extension PooledCoverageTests {
    @Test func thePooledShareCountsTownsNotQueriesAndShowsBothRadii() throws {
        // Town A's 100 fixes all hold the truth in both circles; town B's in neither.
        func town(inside: Bool) -> EvaluationReport {
            EvaluationReport(outcomes: (0..<100).map { _ in
                EvaluationOutcome(
                    estimator: "whereabouts", source: .cell, bin: .threeToFour, error: inside ? 10 : 900, radius: 20, radius95: 40)
            })
        }
        let reports = [town(inside: true), town(inside: false), town(inside: true)]
        let row = try #require(PooledCoverage(reports: reports, estimator: "whereabouts").rows.last)
        #expect(row.byEvaluation.map(\.answered) == [100, 100, 100] && row.byEvaluation.map(\.insideRadius) == [100, 0, 100])
        #expect(row.inside95 == 200 && abs(row.pooledFraction95 - 2.0 / 3) < 1e-12)
        let byTown = try #require(row.intervalByEvaluation)
        #expect(byTown.contains(0.68) && byTown.lowerBound < 0.3, "three towns cannot pin the share")
        let byQuery = try #require(row.pooledInterval)
        #expect(byQuery.upperBound - byQuery.lowerBound < 0.15, "query by query it would look pinned")

        let lines = reports.enumerated().map { PooledLine(label: String($0.offset + 1), report: $0.element) }
        let report = PooledReport(title: "3 towns", labelName: "seed", lines: lines, estimator: "whereabouts")
        #expect(report.text.contains("inside 68 % (95 % CI)  inside 95 % (95 % CI)"))
        #expect(report.text.contains("the towns as the units drawn"))
        #expect(report.json.contains("\"insideRadius95\":200"))
        #expect(report.json.contains("\"insideRadiusIntervalByEvaluation\":["))
        // All queries as one evaluation: the same intervals, over the towns.
        let combined = try #require(report.combined.groups.first { $0.source == "cell" && $0.bin == "3-4" })
        #expect(combined.statistics.insideRadiusInterval == byTown)
        #expect(combined.statistics.insideRadius95Interval == row.interval95ByEvaluation)
        #expect(EvaluationReport(outcomes: reports[0].outcomes + reports[1].outcomes).groups.last?.statistics.insideRadiusInterval
            == BinomialInterval.wilson(successes: 100, trials: 200), "one evaluation counts its queries")
    }
}
