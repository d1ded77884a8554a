import Foundation
import SystemSupport
import Testing
import TestSupport

/// `eval --answers` == `locate --batch` on real captures: the Ariel 2017 WiGLE files split by
/// `../shared/tools/ariel-split` (as `tools/bench accuracy` splits them), the train rows imported
/// and calibrated as a user would, and the held-out scans answered both ways.
@Suite(.enabled(
    if: ArielSplit.merged != nil && ArielSplit.tool != nil,
    "../shared/data/wigle/ariel_2017 or ../shared/tools/ariel-split is absent (real captures, read in place, never copied)"))
struct EvalAnswersArielTests {
    @Test func evalScoresWhatLocateBatchAnswersOnTheArielSplit() async throws {
        let temporary = TemporaryDirectory("eval-answers-ariel")
        let split = temporary.path("split")
        let splitRun = try await ChildProcess.run(
            try #require(ArielSplit.tool).path, [try #require(ArielSplit.merged).path, split], timeout: .seconds(120))
        try #require(splitRun.exitStatus == .exited(0), "\(String(decoding: splitRun.standardError, as: UTF8.self))")

        let map = temporary.path("map.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", map, "--quiet", split + "/survey.wigle.csv"])
        try #require(imported.status == 0, "\(imported.errors)")
        let calibrated = try await EvalProcessRun(["db", "calibrate", "--db", map])
        try #require(calibrated.status == 0, "\(calibrated.errors)")

        let queries = split + "/queries.jsonl", truth = split + "/truth.jsonl"
        let queryCount = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").count
        try #require(queryCount > 100, "the split holds the held-out scans with three or more access points")
        let located = try await EvalProcessRun(["locate", "--batch", queries, "--db", map])
        #expect(located.status == 0, "\(located.errors)")
        let answers = temporary.path("answers.jsonl")
        let evaluated = try await EvalProcessRun([
            "eval", "--queries", queries, "--truth", truth, "--db", map, "--estimator", "whereabouts", "--answers", answers,
        ])
        #expect(evaluated.status == 0, "\(evaluated.errors)")

        let scored = try String(contentsOfFile: answers, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let batch = located.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(scored.count == queryCount + 1 && batch.count == queryCount + 1)
        var differing = 0
        for (number, (line, expected)) in zip(scored, batch).enumerated() where line != expected {
            if differing == 0 { Issue.record("line \(number + 1): eval scored \(line) but locate answers \(expected)") }
            differing += 1
        }
        #expect(differing == 0, "\(differing) of \(queryCount) lines differ")
        // Real answers, calibrated by the stored factors: a pipeline that ignored them would differ.
        #expect(scored.filter { $0.contains(#""calibrated":true"#) }.count > queryCount / 2)
    }
}

/// The real captures and the script that splits them, beside the checkout.
private enum ArielSplit {
    static let merged = TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv")
    static let tool: URL? = {
        guard let data = TestPaths.sharedData else { return nil }
        let tool = data.deletingLastPathComponent().appendingPathComponent("tools/ariel-split")
        return FileManager.default.isExecutableFile(atPath: tool.path) ? tool : nil
    }()
}
