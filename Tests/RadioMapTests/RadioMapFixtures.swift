import Foundation
import RadioMap
import TestSupport

/// Fresh radio maps and fixture paths for the RadioMap tests.
enum RadioMapFixtures {
    /// A path for a new radio map inside `directory`.
    static func mapPath(in directory: TemporaryDirectory) -> String {
        directory.path("data/whereabouts/radiomap.sqlite")
    }

    /// The fixture `name` under `Tests/Fixtures/radiomap`.
    static func fixture(_ name: String) -> String {
        TestPaths.fixture("radiomap/" + name).path
    }

    /// Writes `contents` to `name` in `directory` and returns its path.
    static func write(_ contents: [UInt8], named name: String, in directory: TemporaryDirectory) -> String {
        let path = directory.path(name)
        precondition(FileManager.default.createFile(atPath: path, contents: Data(contents)), "cannot write \(path)")
        return path
    }

    /// The bytes of the file at `path`.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Imports `path` into a map at `mapPath`, closing the map afterwards.
    static func importFile(_ path: String, into mapPath: String, options: ImportOptions = ImportOptions()) throws
        -> ImportSummary
    {
        let map = try RadioMap(path: mapPath, mode: .readWrite)
        return try map.importSurvey(at: path, options: options, progress: nil)
    }
}
