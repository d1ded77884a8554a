import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// The town the evaluation tests score, built once per test process.
enum EvaluationTown {
    static let scratch = TemporaryDirectory("query-evaluation")
    static let fixture = SharedFixture("evaluation town") {
        try SimulatedWorld.build(seed: 6, in: scratch.path("town"), walkDuration: 60)
    }
}

/// Scoring held-out queries through the one pipeline: every query answered by each estimator
/// and scored against its truth line; the answers handed out are the ones `locate` writes; a
/// bad line is reported with its file and number.
/// Own threads: its tests compute for seconds without awaiting; the town is a shared fixture
/// built off the pool before the first test starts (`SharedFixture`).
@Suite(.preparing(EvaluationTown.fixture), .onItsOwnThread) struct QueryEvaluationTests {
    static var world: SimulatedWorld {
        do { return try EvaluationTown.fixture.value } catch { fatalError("cannot build the evaluation town: \(error)") }
    }

    var queries: String { Self.world.directory + "/" + TownWriter.FileName.queries }
    var truth: String { Self.world.directory + "/" + TownWriter.FileName.truth }

    @Test func everyQueryIsScoredPerEstimatorAndTheFirstOnesAnswersAreLocatesLines() throws {
        let map = try RadioMap(path: Self.world.radioMapPath, mode: .readOnly)
        var answers: [UInt8] = []
        let report = try QueryEvaluation(estimators: [.whereabouts, .ichnaea], radius: .stored)
            .evaluate(queries: queries, truth: truth, radioMap: map) { answers += $0 }
        let lines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
        #expect(report.outcomes.count == 2 * lines.count)
        #expect(report.outcomes.prefix(2).map(\.estimator) == ["whereabouts", "ichnaea"], "each query by both, in order")
        let answered = report.outcomes.filter { $0.estimator == "whereabouts" && $0.error != nil }
        #expect(answered.count >= lines.count * 9 / 10)
        #expect(answered.map { $0.error! }.sorted()[answered.count / 2] < 150)

        let geolocator = try GeolocationEngine(radioMap: map).geolocator(using: map)
        var expected: [UInt8] = []
        for line in lines { expected += try geolocator.geolocateJSON(forRequest: Array(line.utf8)) + [UInt8(ascii: "\n")] }
        #expect(answers == expected, "what eval scores is what locate --batch writes")
    }

    @Test func theAnswersFileIsPrivateAndHoldsTheAnswersHandedOut() throws {
        let map = try RadioMap(path: Self.world.radioMapPath, mode: .readOnly)
        let evaluation = QueryEvaluation(estimators: [.whereabouts, .ichnaea], radius: .stored)
        var handedOut: [UInt8] = []
        _ = try evaluation.evaluate(queries: queries, truth: truth, radioMap: map) { handedOut += $0 }
        let path = EvaluationTown.scratch.path("answers.jsonl")
        let report = try evaluation.evaluate(queries: queries, truth: truth, radioMap: map, writingAnswersTo: path)
        #expect(!report.outcomes.isEmpty)
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == handedOut)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600, "answers are positions")

        let unwritable = EvaluationTown.scratch.path("no-such-directory/answers.jsonl")
        let error = #expect(throws: EvaluationError.self) {
            try evaluation.evaluate(queries: queries, truth: truth, radioMap: map, writingAnswersTo: unwritable)
        }
        guard case .cannotWrite(let message)? = error else {
            Issue.record("an unwritable answers file is EvaluationError.cannotWrite")
            return
        }
        #expect(message.hasPrefix("cannot write \(unwritable): "))
        #expect(!FileManager.default.fileExists(atPath: unwritable))
    }

    @Test func aBadTruthLineOrAQueryThatIsNoRequestIsReportedWithItsLine() throws {
        let map = try RadioMap(path: Self.world.radioMapPath, mode: .readOnly)
        let directory = TemporaryDirectory("query-evaluation-bad")
        let evaluation = QueryEvaluation(estimators: [.whereabouts], radius: .raw)
        var truthLines = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n").map(String.init)
        truthLines[2] = #"{"lat":52.5}"#
        let badTruth = directory.path("truth.jsonl")
        try truthLines.joined(separator: "\n").write(toFile: badTruth, atomically: true, encoding: .utf8)
        #expect {
            try evaluation.evaluate(queries: queries, truth: badTruth, radioMap: map)
        } throws: { error in
            "\(error)" == "\(badTruth):3: expected {\"lat\":…,\"lng\":…}"
        }

        var queryLines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").map(String.init)
        queryLines[1] = "not json"
        let badQueries = directory.path("queries.jsonl")
        try queryLines.joined(separator: "\n").write(toFile: badQueries, atomically: true, encoding: .utf8)
        #expect {
            try evaluation.evaluate(queries: badQueries, truth: truth, radioMap: map)
        } throws: { error in
            (error as? EvaluationError).map { "\($0)".hasPrefix("\(badQueries):2: ") } ?? false
        }

        let short = directory.path("short.jsonl")
        try truthLines.prefix(3).joined(separator: "\n").write(toFile: short, atomically: true, encoding: .utf8)
        #expect(throws: EvaluationError.self) { try evaluation.evaluate(queries: queries, truth: short, radioMap: map) }
        #expect(throws: EvaluationError.self) {
            try evaluation.evaluate(queries: directory.path("missing.jsonl"), truth: truth, radioMap: map)
        }
    }

    @Test func theTwoEstimatorsAreComparedOnTheQueriesBothAnswerOnly() throws {
        let map = try RadioMap(path: Self.world.radioMapPath, mode: .readOnly)
        let directory = TemporaryDirectory("query-evaluation-paired")
        var queryLines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").map(String.init)
        var truthLines = try String(contentsOfFile: truth, encoding: .utf8).split(separator: "\n").map(String.init)
        // One known access point: Whereabouts answers, Ichnaea's algorithm (two at least) does not.
        let first = try #require(queryLines.first { $0.contains("macAddress") })
        let bssid = try #require(first.firstMatch(of: /"macAddress":"([0-9a-f:]+)"/)?.1)
        queryLines.append(#"{"considerIp":false,"wifiAccessPoints":[{"macAddress":"\#(bssid)","signalStrength":-60}]}"#)
        truthLines.append(truthLines[queryLines.firstIndex(of: first)!])
        let extendedQueries = directory.path("queries.jsonl")
        let extendedTruth = directory.path("truth.jsonl")
        try queryLines.joined(separator: "\n").write(toFile: extendedQueries, atomically: true, encoding: .utf8)
        try truthLines.joined(separator: "\n").write(toFile: extendedTruth, atomically: true, encoding: .utf8)

        let report = try QueryEvaluation(estimators: [.whereabouts, .ichnaea], radius: .stored)
            .evaluate(queries: extendedQueries, truth: extendedTruth, radioMap: map)
        let byQuery = stride(from: 0, to: report.outcomes.count, by: 2).map { (report.outcomes[$0], report.outcomes[$0 + 1]) }
        let both = byQuery.filter { $0.0.error != nil && $0.1.error != nil }
        let paired = try #require(report.paired)
        #expect(byQuery.last.map { $0.0.error != nil && $0.1.error == nil } == true, "the one-AP query: only Whereabouts")
        #expect(paired.pairs.count == both.count)
        #expect(paired.pairs.map(\.error) == both.map { $0.0.error! })
        #expect(paired.pairs.map(\.referenceError) == both.map { $0.1.error! })
        #expect(report.table.contains("on the queries both whereabouts and ichnaea answer"))
        #expect(report.json().contains(#""paired":{"estimator":"whereabouts","reference":"ichnaea","rows":[{"source":"all","n":\#(both.count),"errors":{"median":"#))
    }

    @Test func pairedRowsGiveEachEstimatorsMedianAndP90AndTheirRatio() {
        var paired = PairedErrors(estimator: "whereabouts", reference: "ichnaea")
        for (ours, theirs) in [(10.0, 20.0), (20, 40), (30, 60)] { paired.add(source: .wifi, error: ours, referenceError: theirs) }
        paired.add(source: .cell, error: 900, referenceError: 600)
        let rows = Dictionary(uniqueKeysWithValues: paired.rows.map { ($0.source, $0) })
        #expect(rows["wifi"]?.count == 3)
        #expect(rows["wifi"]?.errors.median == 20 && rows["wifi"]?.referenceErrors.median == 40 && rows["wifi"]?.medianRatio == 0.5)
        #expect(rows["cell"]?.medianRatio == 1.5)
        #expect(rows["all"]?.count == 4)
        #expect(PairedErrors(estimator: "a", reference: "b").table.isEmpty, "nothing answered by both: no table")
    }

    @Test func wifiQueriesAnsweredFromCellsByEitherGetRowsOfTheirOwn() {
        var paired = PairedErrors(estimator: "whereabouts", reference: "ichnaea")
        paired.add(source: .wifi, error: 10, referenceError: 12)
        paired.add(source: .wifi, error: 11, referenceError: 13, answeredFrom: (.wifi, .wifi))
        paired.add(source: .wifi, error: 900, referenceError: 40, answeredFrom: (.cell, .wifi))
        paired.add(source: .cell, error: 500, referenceError: 500)
        let rows = Dictionary(uniqueKeysWithValues: paired.rows.map { ($0.source, $0) })
        #expect(rows["wifi"]?.count == 3, "the carried-source row still holds every Wi-Fi query")
        #expect(rows["wifi: wifi/wifi"]?.count == 2)
        let fromCells = rows["wifi: cell/wifi"]
        #expect(fromCells?.count == 1 && fromCells?.answeredFrom == .cell && fromCells?.referenceAnsweredFrom == .wifi)
        #expect(fromCells?.medianRatio == 22.5)
        #expect(rows["wifi: wifi/cell"] == nil, "combinations that never occur get no row")
        #expect(paired.table.contains("wifi: cell/wifi"))

        var allFromWifi = PairedErrors(estimator: "a", reference: "b")
        allFromWifi.add(source: .wifi, error: 1, referenceError: 2)
        #expect(allFromWifi.rows.map(\.source) == ["all", "wifi"], "no split when every Wi-Fi query was answered from Wi-Fi by both")
    }

    @Test func pairedJSONRowsSayWhatEachAnswerCameFrom() throws {
        var paired = PairedErrors(estimator: "whereabouts", reference: "ichnaea")
        paired.add(source: .wifi, error: 10, referenceError: 12)
        paired.add(source: .wifi, error: 900, referenceError: 40, answeredFrom: (.cell, .wifi))
        let report = EvaluationReport(outcomes: [], paired: paired)
        var writer = JSONWriter()
        writer.beginObject()
        report.writeMembers(to: &writer)
        writer.endObject()
        let rows = try #require(try JSONParser.parse(writer.bytes)["paired"]?["rows"]?.arrayValue)
        let split = try #require(rows.first { $0["answeredFrom"] != nil })
        #expect(split["source"]?.stringValue == "wifi")
        #expect(split["answeredFrom"]?.stringValue == "cell" && split["referenceAnsweredFrom"]?.stringValue == "wifi")
        #expect(split["errors"]?["median"] == .number(900) && split["referenceErrors"]?["median"] == .number(40))
        #expect(rows.map { $0["source"]?.stringValue } == ["all", "wifi", "wifi", "wifi"], "all, wifi, then wifi/wifi and cell/wifi")
    }
}
