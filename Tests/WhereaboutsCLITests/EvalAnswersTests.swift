import Foundation
import Testing
import TestSupport

/// `eval --answers`: what eval scores is what a client gets. For the same map, queries and
/// stored calibration, the responses eval scored are `locate --batch`'s, line for line.
@Suite(.serialized) struct EvalAnswersTests {
    /// The shared tiny town's survey imported into a map of its own and calibrated (so the
    /// answers carry stored factors and the survey scans kept as fingerprints).
    private func calibratedMap(in temporary: TemporaryDirectory, town: String) async throws -> String {
        let map = temporary.path("map.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", map, "--quiet", town + "/survey.wigle.csv", town + "/cells.opencellid.csv"])
        try #require(imported.status == 0, "\(imported.errors)")
        let calibrated = try await EvalProcessRun(["db", "calibrate", "--db", map])
        try #require(calibrated.status == 0, "\(calibrated.errors)")
        return map
    }

    @Test func evalAnswersAreLocateBatchsLineForLine() async throws {
        let town = await SharedTown.shared.town()
        let temporary = TemporaryDirectory("eval-answers")
        let map = try await calibratedMap(in: temporary, town: town)
        let queries = town + "/queries.jsonl", truth = town + "/truth.jsonl"
        let queryCount = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").count

        for estimator in ["whereabouts", "ichnaea"] {
            let located = try await EvalProcessRun(["locate", "--batch", queries, "--db", map, "--estimator", estimator])
            #expect(located.status == 0, "\(located.errors)")
            let answers = temporary.path("answers-\(estimator).jsonl")
            // Both estimators evaluated, as by default: the file holds the one named first.
            let order = estimator == "whereabouts" ? "both" : "ichnaea"
            let evaluated = try await EvalProcessRun([
                "eval", "--queries", queries, "--truth", truth, "--db", map, "--estimator", order, "--answers", answers,
            ])
            #expect(evaluated.status == 0, "\(evaluated.errors)")
            let written = try String(contentsOfFile: answers, encoding: .utf8)
            let scored = written.split(separator: "\n", omittingEmptySubsequences: false)
            let batch = located.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(scored.count == queryCount + 1 && batch.count == queryCount + 1)
            for (number, (line, expected)) in zip(scored, batch).enumerated() where line != expected {
                Issue.record("\(estimator), line \(number + 1): eval scored \(line) but locate answers \(expected)")
                break
            }
            if estimator == "whereabouts" {
                // The stored calibration and kept scans are in play, so a pipeline that ignored
                // them would differ.
                #expect(written.contains(#""calibrated":true"#))
                #expect(written.contains(#""method":"fingerprint""#))
            }
            let permissions = try FileManager.default.attributesOfItem(atPath: answers)[.posixPermissions] as? Int
            #expect(permissions == 0o600, "the answers are positions")
        }
    }

    @Test func answersNeedOneEvaluation() async throws {
        let run = try await EvalProcessRun(["eval", "--towns", "1-2", "--answers", "/dev/null"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--answers writes one evaluation's responses"), "\(run.errors)")
    }
}
