import Foundation
import PositioningCore
import Testing
import WorldSimulator

@testable import Evaluation

/// The titles `eval --towns`, `--split-device each` and `--split-session` print above their
/// pooled tables, and the labels their lines carry.
@Suite struct PooledReportTitlesTests {
    static let line = PooledLine(
        label: "1",
        report: EvaluationReport(outcomes: [
            EvaluationOutcome(estimator: "whereabouts", source: .wifi, bin: .tenOrMore, error: 1, radius: 2)
        ]))

    @Test func townsAreTitledWithTheirSeedsSizeCentreAndSurveyLogging() {
        let centre = Coordinate(latitude: 52.52, longitude: 13.405)
        let report = PooledReport(
            towns: [Self.line, Self.line], seeds: 9...10, sizeName: "tiny", centre: centre, surveyLogging: .everyScan,
            estimator: "whereabouts")
        #expect(report.title == "2 simulated towns (seeds 9–10, tiny, centre 52.5200,13.4050), each calibrated from its own survey as `eval --town` does")
        #expect(report.labelName == "seed" && report.pluralName == "towns")
        let logged = PooledReport(
            towns: [Self.line], seeds: 3...3, sizeName: "small", centre: centre, surveyLogging: .wigleApp, estimator: "whereabouts")
        #expect(logged.title.hasSuffix("as `eval --town` does, surveys logged as the WiGLE app logs"))
        #expect(logged.text.hasPrefix("1 simulated towns (seeds 3–3, small, "))
    }

    @Test func devicesAreTitledWithTheSurveyFileAndTheirCount() {
        let report = PooledReport(devices: [Self.line, Self.line, Self.line], of: "/data/ariel/merged.csv", estimator: "whereabouts")
        #expect(report.title == "survey merged.csv: each of its 3 device models held out in turn, the other phones' rows the survey")
        #expect(report.labelName == "device")
        #expect(report.json.contains("\"devices\":[{\"device\":\"1\","))
    }

    @Test func sessionsAreTitledWithTheirFilesAndTheGap() {
        let one = PooledReport(sessions: [Self.line, Self.line], of: ["/data/walk.csv"], gapMinutes: 30, estimator: "whereabouts")
        #expect(one.title == "walk.csv: each of their 2 recording sessions with queries (cut at pauses over 30 min) held out in turn, the other sessions' rows the survey")
        let several = PooledReport(sessions: [Self.line], of: ["a.csv", "b.csv", "c.csv"], gapMinutes: 7.5, estimator: "whereabouts")
        #expect(several.title.hasPrefix("3 survey files: each of their 1 recording sessions with queries (cut at pauses over 7.5 min)"))
        #expect(several.labelName == "session")
    }
}
