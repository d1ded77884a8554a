import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import WhereaboutsCLI

@Suite struct RetentionCommandTests {
    @Test func importKeepsOnlyRecentSightingsYetLocatesAsBeforeAndStatusSaysWhatIsStored() async throws {
        let temporary = TemporaryDirectory()
        let configuration = temporary.path("config/whereabouts/whereabouts.conf")
        try FileManager.default.createDirectory(
            atPath: (configuration as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "learn = true\nkeep_observations_days = 30\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let environment = ["HOME": temporary.path("home"), "XDG_CONFIG_HOME": temporary.path("config")]
        let town = await SharedTown.shared.town()
        let kept = temporary.path("kept.sqlite")
        let retained = temporary.path("retained.sqlite")
        // The simulated survey is from 2025: a 30-day retention folds all of it into summaries.
        _ = await CLIRun(["import", "--quiet", "--db", kept, town + "/survey.wigle.csv"])
        let run = await CLIRun(["import", "--quiet", "--db", retained, town + "/survey.wigle.csv"], environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let stats = try JSONParser.parse(await CLIRun(["db", "stats", "--db", retained, "--json"]).output)
        #expect(stats["accessPointObservations"]?.doubleValue == 0)

        let queries = town + "/queries.jsonl"
        let before = try Self.fixes(await CLIRun(["locate", "--db", kept, "--batch", queries]).output)
        let after = try Self.fixes(await CLIRun(["locate", "--db", retained, "--batch", queries]).output)
        #expect(before.count == after.count && !before.isEmpty)
        for (old, new) in zip(before, after) {
            guard let old, let new else { continue }
            #expect(Geodesy.distance(from: old, to: new) < 25)
        }
        #expect(before.filter { $0 == nil }.count == after.filter { $0 == nil }.count)

        let status = await CLIRun(["status", "--gpsd", "127.0.0.1:1", "--db", retained], environment: environment)
        #expect(status.output.contains("summarized"))
        #expect(status.output.contains("sightings from 20"))
        #expect(status.output.contains("db forget --area"))
    }

    private static func fixes(_ batch: String) throws -> [Coordinate?] {
        try batch.split(separator: "\n").map { line in
            let response = try JSONParser.parse(String(line))
            guard let latitude = response["location"]?["lat"]?.doubleValue,
                let longitude = response["location"]?["lng"]?.doubleValue
            else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }
}
