import Foundation
import JSONCodec
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

/// A private copy of the shared town's radio map with the places fixtures imported.
func townMapWithPlaces(in directory: TemporaryDirectory) async throws -> String {
    let shared = await SharedTown.shared.radioMap()
    let path = directory.path("places-map.sqlite")
    try FileManager.default.copyItem(atPath: shared, toPath: path)
    // The import that made it closed its connection (checkpointing the WAL); copy one left behind anyway.
    if FileManager.default.fileExists(atPath: shared + "-wal") {
        try FileManager.default.copyItem(atPath: shared + "-wal", toPath: path + "-wal")
    }
    let places = ["places_sample.txt", "countryInfo_sample.txt", "admin1_sample.txt"].map {
        TestPaths.fixture("places/" + $0).path
    }
    let run = await CLIRun(["import", "--db", path] + places)
    #expect(run.status == 0, "\(run.errors)")
    return path
}

@Suite struct MapCommandTests {
    static func firstQuery(in directory: TemporaryDirectory) async throws -> String {
        let first = try String(contentsOfFile: (await SharedTown.shared.town()) + "/queries.jsonl", encoding: .utf8)
            .split(separator: "\n")[0]
        let path = directory.path("request.json")
        try String(first).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func locateNamesThePlaceAndDrawsTheFix() async throws {
        let directory = TemporaryDirectory()
        let map = try await townMapWithPlaces(in: directory)
        let request = try await Self.firstQuery(in: directory)
        let svgPath = directory.path("fix.svg")
        let run = await CLIRun(["locate", "--db", map, "--request", request, "--map", svgPath])
        #expect(run.status == 0, "\(run.errors)")
        let response = try JSONParser.parse(Array(run.output.utf8))
        #expect(response["location"]?["lat"]?.doubleValue != nil)  // the geolocate shape is unchanged
        let place = try #require(response["place"])
        #expect(place["name"]?.stringValue == "Mitte")
        #expect(place["adminArea"]?.stringValue == "Berlin")
        #expect(place["country"]?.stringValue == "Germany")
        #expect((place["distance"]?.doubleValue ?? -1) >= 0)

        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains(#"id="uncertainty""#) && svg.contains(#"id="scale-bar""#) && svg.contains(#"id="used-emitters""#))
        #expect(svg.contains("Mitte, Berlin, Germany"))
        let permissions = try FileManager.default.attributesOfItem(atPath: svgPath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func locateWithoutPlacesHasNoPlaceMember() async throws {
        let directory = TemporaryDirectory()
        let request = try await Self.firstQuery(in: directory)
        let run = await CLIRun(["locate", "--db", await SharedTown.shared.radioMap(), "--request", request])
        #expect(run.status == 0)
        #expect(!run.output.contains(#""place""#))
    }

    @Test func geoJSONReplacesTheResponse() async throws {
        let directory = TemporaryDirectory()
        let request = try await Self.firstQuery(in: directory)
        let run = await CLIRun(["locate", "--db", await SharedTown.shared.radioMap(), "--request", request, "--geojson"])
        #expect(run.status == 0)
        let value = try JSONParser.parse(Array(run.output.utf8))
        #expect(value["type"]?.stringValue == "FeatureCollection")
        #expect(value["features"]?[0]?["properties"]?["role"]?.stringValue == "fix")
    }

    @Test func picturesNeedASingleRequest() async throws {
        let queries = (await SharedTown.shared.town()) + "/queries.jsonl"
        let run = await CLIRun(["locate", "--db", await SharedTown.shared.radioMap(), "--batch", queries, "--map", "/tmp/x.svg"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--request"))
    }

    @Test func anUnknownScanWritesNoPicture() async throws {
        let directory = TemporaryDirectory()
        let request = directory.path("request.json")
        try #"{"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":-50}]}"#
            .write(toFile: request, atomically: true, encoding: .utf8)
        let svgPath = directory.path("none.svg")
        let run = await CLIRun(["locate", "--db", await SharedTown.shared.radioMap(), "--request", request, "--map", svgPath])
        #expect(run.status == 2)
        #expect(!FileManager.default.fileExists(atPath: svgPath))
    }

    @Test func databaseMapDrawsTheCoverage() async throws {
        let directory = TemporaryDirectory()
        let map = try await townMapWithPlaces(in: directory)
        let whole = directory.path("coverage.svg")
        let run = await CLIRun(["db", "map", whole, "--db", map])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("access points"))
        let svg = try String(contentsOfFile: whole, encoding: .utf8)
        #expect(svg.contains(#"id="access-points""#) && svg.contains(#"id="survey-track""#) && svg.contains("Mitte"))

        let area = directory.path("area.svg")
        let zoomed = await CLIRun(["db", "map", area, "--db", map, "--area", "52.52,13.405,100"])
        #expect(zoomed.status == 0, "\(zoomed.errors)")
        #expect(FileManager.default.fileExists(atPath: area))
    }

    @Test(arguments: ["52.52,13.405", "95,13,100", "52,13,-5", "a,b,c"])
    func aBadAreaIsAUsageError(area: String) async throws {
        let run = await CLIRun(["db", "map", "/tmp/never.svg", "--db", await SharedTown.shared.radioMap(), "--area", area])
        #expect(run.status == 64)
        #expect(run.errors.contains("--area"))
    }
}
