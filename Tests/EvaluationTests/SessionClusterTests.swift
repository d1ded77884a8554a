import Foundation
import JSONCodec
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// A single survey split's queries are scans of a few walks, and one walk's scans miss
/// together: the split's truth names each held-out scan's recording session, and the report's
/// intervals count those sessions, not the queries.
@Suite(.preparing(EvaluationTown.fixture), .onItsOwnThread) struct SessionClusterTests {
    /// A merged survey of two source files, rows `split`-marked: `a.csv` walks at 10:00 and,
    /// after a two-hour pause, at 12:00; `b.csv` once at 09:00. Every scan is held out.
    static let merged = "scan_id,split,source_file,MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,"
        + "AltitudeMeters,AccuracyMeters,Type\n"
        + [("a1", "a.csv", "10:00"), ("a2", "a.csv", "10:05"), ("a3", "a.csv", "12:00"), ("b1", "b.csv", "09:00")]
        .map { scan, file, time in
            (0..<3).map { "\(scan),test,\(file),02:00:00:00:00:0\($0),n\($0),[ESS],2017-10-27 \(time):00,6,-60,32.1,34.8,30,5,WIFI\n" }
                .joined()
        }.joined()

    @Test func aSplitsTruthNamesEachHeldOutScansRecordingSession() throws {
        let directory = TemporaryDirectory("cluster-split")
        let survey = directory.path("merged.csv")
        try Self.merged.write(toFile: survey, atomically: true, encoding: .utf8)
        let (train, queries, truth) = (directory.path("train.csv"), directory.path("q.jsonl"), directory.path("t.jsonl"))
        try SurveySplit(rule: .column("split")).write(survey: survey, train: train, queries: queries, truth: truth)

        let sessions = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n")
            .map { try JSONParser.parse(Array($0.utf8))["session"]?.stringValue }
        #expect(sessions == ["a.csv#1", "a.csv#1", "a.csv#2", "b.csv#1"], "a's pause cuts it in two")
        #expect(QueryEvaluation.clusters(of: sessions) == [0, 0, 1, 2])
        #expect(QueryEvaluation.clusters(of: ["a", "a", nil]) == [nil, nil, nil], "one session named: its queries are its draws")
        #expect(QueryEvaluation.clusters(of: ["a", nil, "b", nil]) == [0, 2, 1, 3], "a line naming none is a unit of its own")
    }

    @Test func aSingleEvaluationsIntervalsCountItsSessions() throws {
        let world = try EvaluationTown.fixture.value
        let queries = world.directory + "/" + TownWriter.FileName.queries
        let truthLines = try String(contentsOfFile: world.directory + "/" + TownWriter.FileName.truth, encoding: .utf8)
            .split(separator: "\n")
        let directory = TemporaryDirectory("cluster-eval")
        // The town's queries as two walks, the first and second half, named in the truth.
        func truth(sessions: (Int) -> String) throws -> String {
            let path = directory.path("truth-\(sessions(0))-\(sessions(truthLines.count - 1)).jsonl")
            let text = truthLines.enumerated().map { $0.element.dropLast() + ",\"session\":\"\(sessions($0.offset))\"}" }
            try text.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let map = try RadioMap(path: world.radioMapPath, mode: .readOnly)
        let evaluation = QueryEvaluation(estimators: [.whereabouts], radius: .stored)

        let half = truthLines.count / 2
        let twoWalks = try evaluation.evaluate(
            queries: queries, truth: truth { $0 < half ? "walk-a" : "walk-b" }, radioMap: map)
        #expect(twoWalks.clusterCount == 2)
        #expect(twoWalks.table.contains("(intervals: the 2 recording sessions of the queries as the units drawn"))
        #expect(twoWalks.json().contains("\"intervalUnits\":{\"name\":\"recording sessions\",\"count\":2}"))
        let all = try #require(twoWalks.groups.first { $0.source == "all" }?.statistics)
        let walks = [0, 1].map { walk in twoWalks.outcomes.filter { $0.cluster == walk && $0.error != nil } }
        #expect(all.insideRadiusInterval == BinomialInterval.clustered(
            successes: walks.map { $0.count(where: \.isInsideRadius) }, trials: walks.map(\.count)))
        #expect(all.insideRadiusInterval != BinomialInterval.wilson(successes: all.insideRadius, trials: all.answered))

        // One walk: its queries are its draws, and Wilson's interval counts them.
        let oneWalk = try evaluation.evaluate(queries: queries, truth: truth { _ in "walk-a" }, radioMap: map)
        #expect(oneWalk.clusterCount == 0 && !oneWalk.table.contains("(intervals:"))
        let single = try #require(oneWalk.groups.first { $0.source == "all" }?.statistics)
        #expect(single.insideRadiusInterval == BinomialInterval.wilson(successes: single.insideRadius, trials: single.answered))

        // A pooled run's units are its evaluations: each line is judged query by query, and
        // its combined table counts the lines.
        let line = PooledLine(label: "1", report: twoWalks)
        #expect(line.report.clusterCount == 0)
        let pooled = PooledReport(title: "2", labelName: "seed", lines: [line, PooledLine(label: "2", report: oneWalk)],
                                  estimator: "whereabouts")
        #expect(Set(pooled.combined.outcomes.compactMap(\.cluster)) == [0, 1])
        #expect(!pooled.text.contains("recording sessions of the queries"))
    }
}
