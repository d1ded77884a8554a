import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import WhereaboutsCLI

/// `learn --here/--at`: pinning a recorded scan to a known position, end to end through the CLI
/// on a temporary radio map (nothing else in it), then `locate`, `db imports` and `db forget-import`.
@Suite struct LearnCommandTests {
    static let scan = TestPaths.fixture("geolocate/laptop-30-aps.json").path
    static let places = TestPaths.fixture("places/places_sample.txt").path

    private static func json(_ run: CLIRun) throws -> JSONValue {
        try JSONParser.parse(Array(run.output.utf8))
    }

    @Test func aScanPinnedHereLocatesThereAndIsForgottenLikeAnImport() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let learn = await CLIRun(["learn", "--db", map, "--here", "52.51630,13.37770,15", "--scan", Self.scan, "--json"])
        #expect(learn.status == 0, "\(learn.errors)")
        let summary = try Self.json(learn)
        let importID = try #require(summary["import"]?.integerValue)
        #expect(summary["accessPointsNew"]?.integerValue == 30)
        #expect(summary["cellsNew"]?.integerValue == 1)
        #expect(summary["observations"]?.integerValue == 31)

        let fix = try Self.json(await CLIRun(["locate", "--db", map, "--request", Self.scan]))
        let location = try #require(fix["location"])
        let there = Coordinate(latitude: 52.51630, longitude: 13.37770)
        let answer = Coordinate(latitude: location["lat"]?.doubleValue ?? 0, longitude: location["lng"]?.doubleValue ?? 0)
        #expect(Geodesy.distance(from: there, to: answer) < 5)
        let accuracy = try #require(fix["accuracy"]?.doubleValue)
        // As from one GPS-tagged survey scan: tens of metres, not the kilometres of a place.
        #expect(accuracy >= 10 && accuracy < 200, "\(accuracy)")

        let imports = try Self.json(await CLIRun(["db", "imports", "--db", map, "--json"]))
        let listed = try #require(imports.arrayValue?.first { $0["id"]?.integerValue == importID })
        #expect(listed["format"]?.stringValue == "pinned")
        #expect(listed["rowsImported"]?.integerValue == 31)

        let forget = await CLIRun(["db", "forget-import", "--db", map, String(importID)])
        #expect(forget.status == 0, "\(forget.errors)")
        let after = await CLIRun(["locate", "--db", map, "--request", Self.scan])
        #expect(try Self.json(after)["error"]?["code"]?.integerValue == 404)
    }

    /// A place's position is its centroid: what is pinned there answers with the place's extent.
    @Test func aScanPinnedAtAPlaceAnswersWithThePlacesExtent() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        #expect(await CLIRun(["import", "--quiet", "--db", map, Self.places]).status == 0)
        // A scan --record trace of two scans.
        let request = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.scan))))
        let accessPoints = try #require(request["wifiAccessPoints"]?.arrayValue)
        let trace = temporary.path("office.trace.jsonl")
        let lines = [accessPoints.prefix(15), accessPoints.suffix(15)].enumerated().map { index, part -> String in
            let line: JSONValue = ["time": .number(Double(1_764_000_000_000 + index * 5_000)), "wifiAccessPoints": .array(Array(part))]
            return String(decoding: JSONWriter.encode(line), as: UTF8.self)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)

        let learn = await CLIRun(["learn", "--db", map, "--at", "Herzliya", "--scan", trace])
        #expect(learn.status == 0, "\(learn.errors)")
        // Herzliya: 83,600 people → a disc of 3,648 m at a town's density.
        #expect(learn.output.contains("Pinned 30 sightings at 32.166270, 34.843110 (Herzliya"), "\(learn.output)")
        #expect(learn.output.contains("± 3,648 m (the place's centroid"), "\(learn.output)")

        let fix = try Self.json(await CLIRun(["locate", "--db", map, "--request", Self.scan]))
        let location = try #require(fix["location"])
        let centre = Coordinate(latitude: 32.16627, longitude: 34.84311)
        let answer = Coordinate(latitude: location["lat"]?.doubleValue ?? 0, longitude: location["lng"]?.doubleValue ?? 0)
        #expect(Geodesy.distance(from: centre, to: answer) < 5)
        let accuracy = try #require(fix["accuracy"]?.doubleValue)
        #expect(accuracy >= 1_000, "a town's centroid is not a point: \(accuracy) m")
    }

    @Test(arguments: [
        (["--here", "52.5"], 64, "--here expects LAT,LON[,ACCURACY]"),
        (["--here", "95,13"], 64, "--here expects"),
        (["--here", "52.5,13.4,-3"], 64, "the accuracy must be positive"),
        (["--here", "52.5,13.4", "--at", "Berlin"], 64, "cannot be combined"),
        ([], 64, "learn needs --here"),
        (["--at", "Berlin"], 69, "has no places"),
    ])
    func badPinsChangeNothing(arguments: [String], status: Int32, message: String) async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let run = await CLIRun(["learn", "--db", map, "--scan", Self.scan] + arguments)
        #expect(run.status == status)
        #expect(run.errors.contains(message), "\(run.errors)")
        // A usage error stops before the map is opened, so there may be no map at all.
        guard FileManager.default.fileExists(atPath: map) else { return }
        let imports = await CLIRun(["db", "imports", "--db", map, "--json"])
        #expect(try Self.json(imports).arrayValue?.isEmpty ?? true)
    }

    @Test func anUnknownPlaceOrABadScanIsADataError() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        #expect(await CLIRun(["import", "--quiet", "--db", map, Self.places]).status == 0)
        let unknown = await CLIRun(["learn", "--db", map, "--at", "Atlantis", "--scan", Self.scan])
        #expect(unknown.status == 65)
        #expect(unknown.errors.contains("no place named 'Atlantis'"))
        let garbage = temporary.path("garbage.json")
        try "{\"time\": 1}\nnot json\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let bad = await CLIRun(["learn", "--db", map, "--here", "52.5,13.4", "--scan", garbage])
        #expect(bad.status == 65)
        #expect(bad.errors.contains("neither a geolocate request nor a replay trace (line 2"), "\(bad.errors)")
        let imports = try Self.json(await CLIRun(["db", "imports", "--db", map, "--json"]))
        #expect(imports.arrayValue?.allSatisfy { $0["format"]?.stringValue == "geonames" } == true)
    }
}
