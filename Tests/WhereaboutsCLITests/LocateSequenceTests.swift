import Foundation
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

/// `locate --batch --sequence SECONDS`: the lines are one client's successive requests, and what
/// a line repeats from the one before is a leftover, as `serve` takes GeoClue's requests.
@Suite struct LocateSequenceTests {
    @Test func aRepeatedReadingIsSetAsideAsStale() async throws {
        // The client heard `earlier` first, then `now` — and its table still holds `earlier`'s
        // readings, unchanged.
        let pair = try await DistantTownQueries.find()
        let temporary = TemporaryDirectory()
        func line(_ wifi: [WiFiObservation]) -> String {
            GeolocateRequest(wifiAccessPoints: wifi, cellTowers: [], considerIp: false).jsonString
        }
        let batch = temporary.path("sequence.jsonl")
        try [line(pair.earlier), line(pair.now + pair.earlier), line(pair.now)]
            .joined(separator: "\n").write(toFile: batch, atomically: true, encoding: .utf8)
        func answers(_ extra: [String]) async throws -> [(Coordinate, String)] {
            let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--batch", batch] + extra)
            #expect(run.status == 0, "\(run.errors)")
            return try run.output.split(separator: "\n").map { text in
                let value = try JSONParser.parse(Array(text.utf8))
                let location = Coordinate(
                    latitude: value["location"]!["lat"]!.doubleValue!, longitude: value["location"]!["lng"]!.doubleValue!)
                return (location, String(text))
            }
        }
        let sequence = try await answers(["--sequence", "10"])
        let alone = try await answers([])
        #expect(sequence.count == 3 && alone.count == 3)
        // The last line is `now` alone: the answer the second line should give.
        #expect(Geodesy.distance(from: sequence[1].0, to: alone[2].0) < 0.01)
        #expect(sequence[1].1.contains(#""reason":"stale""#))
        #expect(sequence[1].1.contains("repeat the previous request's signal"))
        #expect(Geodesy.distance(from: alone[1].0, to: alone[2].0) > 20, "taken alone, the leftovers drag the answer")
    }

    @Test(arguments: [
        (["--sequence", "0"], "--sequence expects seconds between requests"),
        (["--sequence", "-4"], "--sequence expects seconds between requests"),
        (["--sequence", "soon"], "--sequence expects seconds between requests"),
        (["--sequence", "3601"], "--sequence expects seconds between requests"),
        (["--sequence", "4", "--threads", "2"], "drop --threads"),
    ])
    func badSequencesAreUsageErrors(extra: [String], message: String) async throws {
        let run = await CLIRun(["locate", "--db", (await SharedTown.shared.radioMap()), "--batch", "-"] + extra)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func sequenceNeedsABatch() async {
        let run = await CLIRun(["locate", "--request", "-", "--sequence", "4"])
        #expect(run.status == 64)
        #expect(run.errors.contains("use it with --batch"), "\(run.errors)")
    }
}
