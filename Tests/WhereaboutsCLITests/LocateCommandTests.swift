import Foundation
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

@Suite struct LocateCommandTests {
    @Test func batchAnswersTheTownsWiFiQueriesCloseToTheTruth() async throws {
        let queries = (await SharedTown.shared.town()) + "/queries.jsonl"
        let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--batch", queries])
        #expect(run.status == 0, "\(run.errors)")
        let responses = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let truths = try String(contentsOfFile: (await SharedTown.shared.town()) + "/truth.jsonl", encoding: .utf8)
            .split(separator: "\n")
        #expect(responses.count == truths.count)
        var errors: [Double] = []
        var wifiQueries = 0
        for (response, truth) in zip(responses, truths) {
            let truthValue = try JSONParser.parse(Array(truth.utf8))
            guard truthValue["kind"]?.stringValue == "wifi" else { continue }
            wifiQueries += 1
            let answer = try JSONParser.parse(Array(response.utf8))
            guard let lat = answer["location"]?["lat"]?.doubleValue, let lng = answer["location"]?["lng"]?.doubleValue
            else { continue }
            let truthPoint = Coordinate(latitude: truthValue["lat"]!.doubleValue!, longitude: truthValue["lng"]!.doubleValue!)
            errors.append(Geodesy.distance(from: Coordinate(latitude: lat, longitude: lng), to: truthPoint))
        }
        #expect(Double(errors.count) >= 0.95 * Double(wifiQueries))
        let median = errors.sorted()[errors.count / 2]
        #expect(median < 60, "median error \(median) m")
    }

    @Test func readingsLeftOverFromAnEarlierScanAreSetAsideByTheirAge() async throws {
        // A town query heard now, plus the access points of another query 100–300 m away heard
        // 40 s earlier: with ages the answer is the first query's own; without, it is dragged.
        let pair = try await DistantTownQueries.find()
        let temporary = TemporaryDirectory()
        func answer(_ wifi: [WiFiObservation]) async throws -> (Coordinate, String) {
            let path = temporary.path("request.json")
            try GeolocateRequest(wifiAccessPoints: wifi, cellTowers: [], considerIp: false).jsonString
                .write(toFile: path, atomically: true, encoding: .utf8)
            let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--request", path])
            #expect(run.status == 0, "\(run.errors)")
            let value = try JSONParser.parse(Array(run.output.utf8))
            return (Coordinate(latitude: value["location"]!["lat"]!.doubleValue!, longitude: value["location"]!["lng"]!.doubleValue!),
                    run.output)
        }
        let fresh = pair.now.map { var reading = $0; reading.age = 1_000; return reading }
        let leftovers = pair.earlier.map { var reading = $0; reading.age = 40_000; return reading }
        let (alone, _) = try await answer(fresh)
        let (aged, agedText) = try await answer(fresh + leftovers)
        let (unaged, _) = try await answer((fresh + leftovers).map { var reading = $0; reading.age = nil; return reading })
        #expect(Geodesy.distance(from: aged, to: alone) < 0.01)
        #expect(agedText.contains(#""reason":"stale""#))
        #expect(agedText.contains("last heard over 5 s before the freshest"))
        #expect(Geodesy.distance(from: unaged, to: alone) > 20)
    }

    @Test func anUnknownScanGetsThe404ObjectAndExit2() async throws {
        let temporary = TemporaryDirectory()
        let request = temporary.path("request.json")
        try #"{"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":-50}]}"#
            .write(toFile: request, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--request", request])
        #expect(run.status == 2)
        #expect(run.output.contains(#""code":404"#))
        #expect(run.output.contains(#""reason":"notFound""#))
    }

    @Test func aBadBatchLineGetsAParseErrorAndTheOthersStillAnswer() async throws {
        let temporary = TemporaryDirectory()
        let batch = temporary.path("batch.jsonl")
        let first = try String(contentsOfFile: (await SharedTown.shared.town()) + "/queries.jsonl", encoding: .utf8)
            .split(separator: "\n")[0]
        try "\(first)\n{not json\n\(first)\n".write(toFile: batch, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--batch", batch])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains(#""reason":"parseError""#))
        #expect(lines[0].contains(#""location""#) && lines[2].contains(#""location""#))
    }

    @Test func batchOnSeveralThreadsKeepsOneAnswerPerLineInInputOrder() async throws {
        let temporary = TemporaryDirectory()
        let batch = temporary.path("batch.jsonl")
        let queries = try String(contentsOfFile: (await SharedTown.shared.town()) + "/queries.jsonl", encoding: .utf8)
            .split(separator: "\n")
        // Enough lines for many blocks, with bad and empty lines among them and no final newline.
        var lines: [String] = []
        for round in 0..<12 {
            for (index, query) in queries.enumerated() {
                lines.append(index % 17 == round ? "{not json \(round)" : index % 29 == round ? "" : String(query))
            }
        }
        try lines.joined(separator: "\n").write(toFile: batch, atomically: true, encoding: .utf8)
        let map = await SharedTown.shared.radioMap()
        let one = await CLIRun(["locate", "--db", map, "--batch", batch, "--threads", "1"])
        let four = await CLIRun(["locate", "--db", map, "--batch", batch, "--threads", "4"])
        #expect(one.status == 0 && four.status == 0, "\(one.errors) \(four.errors)")
        let answers = four.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == lines.count)
        #expect(four.output == one.output)
        for (line, answer) in zip(lines, answers) where !line.hasPrefix("{\"") {
            #expect(answer.contains(#""reason":"parseError""#))
        }
    }

    @Test func aForeignDatabaseIsRefusedWithExit65() async throws {
        let temporary = TemporaryDirectory()
        let foreign = temporary.path("foreign.sqlite")
        try "this is not a database, just text".write(toFile: foreign, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", foreign, "--request", (await SharedTown.shared.town()) + "/queries.jsonl"])
        #expect(run.status == 65)
        #expect(run.errors.contains("not a radio map"))
    }

    @Test func aMissingRadioMapIsExplained() async {
        let run = await CLIRun(["locate", "--db", "/nonexistent/map.sqlite", "--request", "-"])
        #expect(run.status == 65)
        #expect(run.errors.hasPrefix("Error: "))
    }

    @Test func aRequestLabellingAUMTSCellGsmIsAnsweredFromTheImportedWigleRow() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let imported = await CLIRun(["import", "--db", map, TestPaths.fixture("radiomap/wigle_app248_local_time.csv").path])
        #expect(imported.status == 0, "\(imported.errors)")
        // WiGLE's row 72207_1234_3456789 says GSM; its 28-bit id makes it the UMTS cell it is.
        let request = temporary.path("request.json")
        try """
            {"cellTowers":[{"radioType":"gsm","mobileCountryCode":722,"mobileNetworkCode":7,"locationAreaCode":1234,"cellId":3456789}]}
            """.write(toFile: request, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", map, "--request", request])
        #expect(run.status == 0, "\(run.errors)")
        let response = try JSONParser.parse(Array(run.output.utf8))
        let lat = try #require(response["location"]?["lat"]?.doubleValue, "\(run.output)")
        let lng = try #require(response["location"]?["lng"]?.doubleValue)
        #expect(response["method"]?.stringValue != "area", "\(run.output)")
        let sighting = Coordinate(latitude: -34.6092, longitude: -58.3788)
        #expect(Geodesy.distance(from: Coordinate(latitude: lat, longitude: lng), to: sighting) < 1_000)
    }
}
