import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import TestSupport
import WorldSimulator

/// A tiny simulated town's radio map (its survey and towers imported, not calibrated), built
/// once per test process in a temp dir, with the town's geolocate queries and their truth, and
/// its walk: the fixture the Geolocation, LocationService and GeolocateServer tests share.
/// A suite reading it carries the trait `.preparing(TestTown.fixture)`, which builds it off
/// Swift's cooperative pool (`SharedFixture`).
///
/// ```swift
/// @Suite(.preparing(TestTown.fixture)) struct ServerTests { … }
/// let map = try RadioMap(path: TestTown.shared.path, mode: .readOnly)
/// let (directory, writable) = try TestTown.shared.copy()
/// ```
public final class TestTown: Sendable {
    /// Built once per test process; suites that read `shared` carry `.preparing(TestTown.fixture)`.
    public static let fixture = SharedFixture("test town") { try TestTown() }

    /// The town of this test process (its suite's trait has built it).
    public static var shared: TestTown {
        do { return try fixture.value } catch { fatalError("cannot build the test town's radio map: \(error)") }
    }

    private let directory = TemporaryDirectory("test-town")
    /// The radio map's path; open it read-only, or write to a `copy()`.
    public let path: String
    /// The town itself, for walks and drives through it.
    public let town: Town
    /// The town's query lines (geolocate request bodies).
    public let queries: [String]
    /// The true position of each query, line for line.
    public let truths: [Coordinate]
    /// The walk's trace, as the location service reads it.
    public let walk: [RadioSample]
    /// The walk's true positions, line for line.
    public let walkTruth: [WalkPoint]

    /// One true position of the walk.
    public struct WalkPoint: Sendable {
        public let time: Date
        public let coordinate: Coordinate
    }

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
        func text(_ name: String) throws -> String {
            try String(contentsOfFile: townDirectory + "/" + name, encoding: .utf8)
        }
        func objects(_ name: String) throws -> [JSONValue] {
            try text(name).split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        }
        func coordinate(_ value: JSONValue) -> Coordinate {
            Coordinate(latitude: value["lat"]?.doubleValue ?? .nan, longitude: value["lng"]?.doubleValue ?? .nan)
        }
        queries = try text(TownWriter.FileName.queries).split(separator: "\n").map(String.init)
        truths = try objects(TownWriter.FileName.truth).map(coordinate)
        walk = try ReplayTrace.parse(text(TownWriter.FileName.walkTrace))
        walkTruth = try objects(TownWriter.FileName.walkTruth).map { value in
            WalkPoint(
                time: Date(timeIntervalSince1970: (value["time"]?.doubleValue ?? .nan) / 1000), coordinate: coordinate(value))
        }
    }

    /// The path of one of the files `TownWriter` wrote for the town (`TownWriter.FileName`).
    public func file(_ name: String) -> String { directory.path("town/" + name) }

    /// A copy of the map in a fresh directory, for tests that write to it.
    public func copy() throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory("test-town-copy")
        let copy = directory.path("map.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return (directory, copy)
    }
}
