import Foundation
import PositioningCore
import RadioMap

/// A synthetic town made ready for another package's unit tests: its files written, a radio
/// map imported from its survey and cells (plus any place files given), and its walk in
/// memory, as the location service replays it, with the true position of every sample.
///
/// ```swift
/// let world = try SimulatedWorld.build(seed: 11, in: scratchDirectory)
/// let radios = ReplayRadios(samples: world.walk(includingGNSS: false), pace: .unpaced)
/// let resolver = RadioMapResolver(path: world.radioMapPath)
/// ```
public struct SimulatedWorld: Sendable {
    /// One point of the walk: the sample the radios replay and where the walker really was.
    public struct Step: Sendable {
        /// What the radios heard.
        public var sample: RadioSample
        /// The walker's true position.
        public var truth: Coordinate
    }

    /// The town.
    public let town: Town
    /// The directory holding the town's files (`TownWriter.FileName`) and the radio map.
    public let directory: String
    /// The radio map (`radiomap.sqlite` in `directory`), imported from the survey and cells.
    public let radioMapPath: String
    /// The walk, one step per sample (every 2 s).
    public let steps: [Step]

    /// The walk's samples; without GNSS only the Wi-Fi scans and cells remain.
    public func walk(includingGNSS: Bool = true) -> [RadioSample] {
        steps.map { step in
            var sample = step.sample
            if !includingGNSS { sample.gnss = nil }
            return sample
        }
    }

    /// Builds the town of `seed` and `size` into `directory` (created if missing), imports its
    /// survey, its cells and `placeFiles` (GeoNames dumps, admin-area and country lists) into
    /// the radio map, and walks it for `walkDuration` seconds.
    /// - Throws: `SimulationError` when a file cannot be written, `ImportError` when an import fails.
    public static func build(
        seed: UInt64, size: TownSize = .tiny, centre: Coordinate = TownSpecification.defaultCentre,
        in directory: String, walkDuration: Double = 900, placeFiles: [String] = []
    ) throws -> SimulatedWorld {
        let town = Town(TownSpecification(seed: seed, centre: centre, size: size))
        let writer = TownWriter(town: town, walkDuration: walkDuration)
        try writer.write(to: directory)
        let mapPath = (directory as NSString).appendingPathComponent("radiomap.sqlite")
        let map = try RadioMap(path: mapPath, mode: .readWrite)
        let files = [TownWriter.FileName.survey, TownWriter.FileName.cells].map { (directory as NSString).appendingPathComponent($0) }
        for file in files + placeFiles {
            _ = try map.importSurvey(at: file, options: ImportOptions(), progress: nil)
        }
        var steps: [Step] = []
        town.forEachWalkSample(duration: walkDuration, scanCache: writer.scanCache) { sample in
            steps.append(Step(sample: writer.radioSample(of: sample), truth: town.coordinate(of: sample.truePosition)))
        }
        return SimulatedWorld(town: town, directory: directory, radioMapPath: mapPath, steps: steps)
    }
}
