import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import TestSupport
import WorldSimulator

/// A tiny simulated town, its radio map and its walk, built once per test process.
final class ServiceTown: Sendable {
    static let shared: ServiceTown = {
        do { return try ServiceTown() } catch { fatalError("cannot build the service test town: \(error)") }
    }()

    let directory = TemporaryDirectory("location-service")
    let mapPath: String
    /// The walk's trace, as the service reads it.
    let walk: [RadioSample]
    /// The walk's true positions, line for line.
    let truth: [(time: Date, coordinate: Coordinate)]

    private init() throws {
        let town = Town(TownSpecification(seed: 11, centre: TownSpecification.defaultCentre, size: .tiny))
        let townDirectory = directory.path("town")
        try FileManager.default.createDirectory(atPath: townDirectory, withIntermediateDirectories: true)
        _ = try TownWriter(town: town).write(to: townDirectory)
        mapPath = directory.path("map.sqlite")
        let map = try RadioMap(path: mapPath, mode: .readWrite)
        for file in [TownWriter.FileName.survey, TownWriter.FileName.cells] {
            _ = try map.importSurvey(at: townDirectory + "/" + file, options: ImportOptions(), progress: nil)
        }
        walk = try ReplayTrace.parse(String(contentsOfFile: townDirectory + "/" + TownWriter.FileName.walkTrace, encoding: .utf8))
        let truthText = try String(contentsOfFile: townDirectory + "/" + TownWriter.FileName.walkTruth, encoding: .utf8)
        truth = try truthText.split(separator: "\n").map { line in
            let value = try JSONParser.parse(String(line))
            return (Date(timeIntervalSince1970: value["time"]!.doubleValue! / 1000),
                    Coordinate(latitude: value["lat"]!.doubleValue!, longitude: value["lng"]!.doubleValue!))
        }
    }
}
