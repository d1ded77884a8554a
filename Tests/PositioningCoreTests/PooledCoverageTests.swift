import Testing

@testable import PositioningCore

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

    @Test func textTablePadsTextLeftAndFiguresRightWithoutTrailingSpaces() {
        #expect(TextTable.render([["source", "n"], ["wifi", "200"]], textColumns: 1) == "source    n\nwifi    200\n")
        #expect(TextTable.render([["a", "bb"], ["ccc", "d"]]) == "a    bb\nccc  d\n")
    }
}
