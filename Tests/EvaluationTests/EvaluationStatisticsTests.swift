import Testing

@testable import Evaluation

@Suite struct EvaluationStatisticsTests {
    @Test(arguments: [
        (0.5, [1.0, 2, 3, 4], 2.5),
        (0.9, [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10], 9.1),
        (0.0, [5.0, 1, 3], 1.0),
        (1.0, [5.0, 1, 3], 5.0),
        (0.68, [7.0], 7.0),
    ])
    func percentilesInterpolateBetweenOrderStatistics(fraction: Double, values: [Double], expected: Double) {
        let statistics = ErrorStatistics(queries: values.count, errors: values, insideRadius: 0)
        #expect(abs(statistics.percentile(fraction)! - expected) < 1e-9)
    }

    @Test func unansweredQueriesCountAgainstAnsweredButNotAgainstErrors() {
        let statistics = ErrorStatistics(queries: 4, errors: [30, 10, 20], insideRadius: 2)
        #expect(statistics.answeredFraction == 0.75)
        #expect(statistics.median == 20)
        #expect(statistics.insideRadiusFraction == 2.0 / 3.0)
        #expect(ErrorStatistics(queries: 3, errors: [], insideRadius: 0).median == nil)
        #expect(ErrorStatistics(queries: 0, errors: [], insideRadius: 0).insideRadiusInterval == nil)
    }

    @Test(arguments: [
        (68, 100, 0.583_373_8, 0.763_308_5),
        (0, 10, 0.0, 0.277_532_8),
        (10, 10, 0.722_467_2, 1.0),
    ])
    func wilsonIntervalMatchesTheTextbookFigures(successes: Int, trials: Int, lower: Double, upper: Double) throws {
        let interval = try #require(BinomialInterval.wilson(successes: successes, trials: trials))
        #expect(abs(interval.lowerBound - lower) < 1e-6)
        #expect(abs(interval.upperBound - upper) < 1e-6)
    }

    @Test func reportGroupsEachEstimatorBySourceAndBin() {
        let outcomes = [
            EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .threeToFour, error: 10, radius: 20),
            EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .threeToFour, error: 30, radius: 20),
            EvaluationOutcome(estimator: "whereabouts", source: .cell, bin: .one, error: nil, radius: nil),
            EvaluationOutcome(estimator: "ichnaea", source: .wifi, bin: .two, error: 5, radius: 50),
        ]
        let groups = EvaluationReport(outcomes: outcomes).groups
        let rows = groups.map { "\($0.estimator) \($0.source) \($0.bin) \($0.statistics.queries)" }
        #expect(rows == [
            "whereabouts all all 3", "whereabouts cell all 1", "whereabouts cell 1 1", "whereabouts wifi all 2",
            "whereabouts wifi 3-4 2", "ichnaea all all 1", "ichnaea wifi all 1", "ichnaea wifi 2 1",
        ])
        #expect(groups[0].statistics.insideRadius == 1)
        #expect(groups[0].statistics.answered == 2)
    }

    @Test func plotIsAStandaloneSVGWithEscapedText() {
        let report = EvaluationReport(outcomes: [
            EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .two, error: 12, radius: 30),
            EvaluationOutcome(estimator: "ichnaea", source: .wifi, bin: .two, error: 40, radius: 30),
        ])
        let svg = EvaluationPlot(report: report, title: "A & <B>").svg
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("A &amp; &lt;B&gt;"))
        #expect(svg.components(separatedBy: "<polyline").count == 3)
        #expect(svg.components(separatedBy: "<circle").count == 3)
    }
}
