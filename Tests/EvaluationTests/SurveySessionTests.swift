import Foundation
import RadioMap
import SurveyFormats
import Testing
import TestSupport

@testable import Evaluation

/// Real captures held out session by session: a session is a file, or a stretch of one between
/// long pauses, and holding one out keeps every other session's rows — and none of its own — in
/// the map.
@Suite struct SurveySessionTests {
    static let preamble = "WigleWifi-1.4,appRelease=2.25,model=Test Phone,release=6.0,device=t,display=t,board=t,brand=t\n"
        + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"

    /// A scan of `count` networks numbered from `first`, at `time` and a latitude a step north per scan.
    static func scan(_ step: Int, networks count: Int, from first: Int, time: String) -> String {
        (first..<first + count).map { number in
            String(format: "02:00:00:00:%02x:%02x,n%d,[ESS],%@,6,-%d,32.10%02d,34.81,30,5,WIFI\n",
                number >> 8, number & 0xFF, number, time, 50 + number % 30, step)
        }.joined()
    }

    /// A file of one walk at 10:00–10:04, a 1970 row of WiGLE's unknown time, and after a
    /// two-hour pause a second walk at 12:10–12:12.
    static let twoWalks = preamble
        + (0..<5).map { scan($0, networks: 4, from: 4 * $0, time: "2017-10-27 10:0\($0):00") }.joined()
        + "02:00:00:00:0f:ff,late,[ESS],1970-01-01 02:00:00,6,-70,32.1005,34.81,30,5,WIFI\n"
        + (0..<3).map { scan(10 + $0, networks: 5, from: 100 + 5 * $0, time: "2017-10-27 12:1\($0):00") }.joined()

    @Test func aFileIsCutWhereItsRowsPauseLongerThanTheGap() throws {
        let directory = TemporaryDirectory("sessions-cut")
        let walks = directory.path("walks.csv"), single = directory.path("single.csv")
        try Self.twoWalks.write(toFile: walks, atomically: true, encoding: .utf8)
        try (Self.preamble + Self.scan(0, networks: 3, from: 500, time: "2017-10-28 09:00:00"))
            .write(toFile: single, atomically: true, encoding: .utf8)

        let sessions = try SurveySession.sessions(in: [walks, single], gap: 30 * 60)
        #expect(sessions.map(\.label) == ["walks.csv#1", "walks.csv#2", "single.csv"])
        #expect(sessions.map(\.rows) == [21, 15, 3], "the unknown-time row stays in the walk it follows")
        #expect(sessions[1].start == WigleTimestamp.parse("2017-10-27 12:10:00"))
        #expect(sessions[0].end == WigleTimestamp.parse("2017-10-27 10:04:00"))
        // A gap longer than the pause: one walk.
        #expect(try SurveySession.sessions(in: [walks], gap: 3 * 3600).map(\.label) == ["walks.csv"])
    }

    @Test func aHeldOutSessionBecomesTheQueriesAndEveryOtherSessionTheMap() throws {
        let directory = TemporaryDirectory("sessions-split")
        let walks = directory.path("walks.csv"), other = directory.path("other.csv")
        try Self.twoWalks.write(toFile: walks, atomically: true, encoding: .utf8)
        try (Self.preamble + Self.scan(7, networks: 3, from: 700, time: "2017-10-28 09:00:00"))
            .write(toFile: other, atomically: true, encoding: .utf8)
        let (train, queries, truth) = (directory.path("train.csv"), directory.path("q.jsonl"), directory.path("t.jsonl"))

        let split = SurveySplit(rule: .session(path: walks, index: 1, gap: 30 * 60))
        try split.write(surveys: [walks, other], train: train, queries: queries, truth: truth, chunkSize: 64)

        let trainRows = try String(contentsOfFile: train, encoding: .utf8).split(separator: "\n").dropFirst(2)
        #expect(trainRows.count == 21 + 3, "the first walk, its unknown-time row and the other file")
        #expect(!trainRows.contains { $0.contains("2017-10-27 12:") }, "no row of the held-out walk is in the map")
        let queryLines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
        #expect(queryLines.count == 3, "one query per scan of the second walk")
        #expect(queryLines.allSatisfy { $0.components(separatedBy: "macAddress").count - 1 == 5 })
        let truthLines = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n")
        #expect(truthLines.first == "{\"lat\":32.101,\"lng\":34.81,\"kind\":\"wifi\",\"session\":\"walks.csv#2\"}")
        #expect(split.description == "held out: session 2 of walks.csv (cut at gaps over 30 min)")
    }

    @Test func filesWithOneSessionBetweenThemCannotBeSplitBySession() throws {
        let directory = TemporaryDirectory("sessions-one")
        let single = directory.path("single.csv")
        try (Self.preamble + Self.scan(0, networks: 3, from: 0, time: "2017-10-28 09:00:00"))
            .write(toFile: single, atomically: true, encoding: .utf8)
        let pooled = PooledEvaluation(calibration: MapCalibration(), score: PooledEvaluationTests.recordingScorer())
        #expect {
            _ = try pooled.sessions(of: [single], gap: 1800, split: SurveySplit(rule: .fraction(0.2, seed: 1)))
        } throws: { error in
            (error as? EvaluationError)?.description == "\(single) holds 1 recording session(s); --split-session needs two or more"
        }
    }
}
