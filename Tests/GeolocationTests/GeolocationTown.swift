import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import TestSupport
import WorldSimulator

/// A tiny simulated town's radio map (its survey and towers imported, not calibrated), built
/// once per test process in a temp dir, with the town's geolocate queries and their truth.
final class GeolocationTown: Sendable {
    static let shared: GeolocationTown = {
        do { return try GeolocationTown() } catch { fatalError("cannot build the test radio map: \(error)") }
    }()

    let directory = TemporaryDirectory("geolocation")
    let path: String
    /// The town's query lines (geolocate request bodies).
    let queries: [String]
    /// The true position of each query, line for line.
    let truths: [Coordinate]

    private init() throws {
        let town = Town(TownSpecification(seed: 11, centre: TownSpecification.defaultCentre, size: .tiny))
        let townDirectory = directory.path("town")
        try FileManager.default.createDirectory(atPath: townDirectory, withIntermediateDirectories: true)
        _ = try TownWriter(town: town).write(to: townDirectory)
        path = directory.path("map.sqlite")
        let map = try RadioMap(path: path, mode: .readWrite)
        for file in [TownWriter.FileName.survey, TownWriter.FileName.cells] {
            _ = try map.importSurvey(at: townDirectory + "/" + file, options: ImportOptions(), progress: nil)
        }
        func lines(_ name: String) throws -> [String] {
            try String(contentsOfFile: townDirectory + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        queries = try lines(TownWriter.FileName.queries)
        truths = try lines(TownWriter.FileName.truth).map { line in
            let value = try JSONParser.parse(Array(line.utf8))
            return Coordinate(latitude: value["lat"]?.doubleValue ?? .nan, longitude: value["lng"]?.doubleValue ?? .nan)
        }
    }

    /// A copy of the map in a fresh directory, for tests that write to it.
    func copy() throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory("geolocation-copy")
        let copy = directory.path("map.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return (directory, copy)
    }
}
