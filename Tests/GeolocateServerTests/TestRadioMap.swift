import Foundation
import PositioningCore
import RadioMap
import TestSupport
import WorldSimulator

/// A tiny simulated town's radio map, built once per test process in a temp dir, with the
/// town's own geolocate queries to ask it.
final class TestRadioMap: Sendable {
    static let shared: TestRadioMap = {
        do { return try TestRadioMap() } catch { fatalError("cannot build the test radio map: \(error)") }
    }()

    let directory = TemporaryDirectory("geolocate-server")
    let path: String
    /// The town's query lines (geolocate request bodies).
    let queries: [String]
    /// The town itself, for walks and drives through it.
    let town: Town

    private init() throws {
        town = Town(TownSpecification(seed: 11, centre: TownSpecification.defaultCentre, size: .tiny))
        let townDirectory = directory.path("town")
        try FileManager.default.createDirectory(atPath: townDirectory, withIntermediateDirectories: true)
        _ = try TownWriter(town: town).write(to: townDirectory)
        path = directory.path("map.sqlite")
        let map = try RadioMap(path: path, mode: .readWrite)
        for file in [TownWriter.FileName.survey, TownWriter.FileName.cells] {
            _ = try map.importSurvey(at: townDirectory + "/" + file, options: ImportOptions(), progress: nil)
        }
        let text = try String(contentsOfFile: townDirectory + "/" + TownWriter.FileName.queries, encoding: .utf8)
        queries = text.split(separator: "\n").map(String.init)
    }

    /// A copy of the map in a fresh directory, for tests that write to it.
    func copy() throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory("geolocate-server-copy")
        let copy = directory.path("map.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return (directory, copy)
    }
}
