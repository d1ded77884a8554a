import Foundation
import PositioningCore
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// What an evaluation reads, made from a town or a split survey in a private scratch
/// directory and removed after; a town `simulate` wrote is read back as its specification.
@Suite struct EvaluationWorkspaceTests {
    static func writtenTown(seed: UInt64 = 3) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("workspace-town")
        let town = Town(TownSpecification(seed: seed, centre: TownSpecification.defaultCentre, size: .tiny))
        _ = try TownWriter(town: town, walkDuration: 60).write(to: directory.url.path)
        return directory
    }

    @Test func aTownIsImportedIntoAPrivateMapAndItsQueriesScoredInPlace() throws {
        let town = try Self.writtenTown()
        let workspace = try EvaluationWorkspace.town(town.url.path)
        let scratch = try #require(workspace.temporaryDirectory)
        #expect(workspace.isTemporary && workspace.title == "town \(town.url.lastPathComponent)")
        #expect(workspace.queries == town.path(TownWriter.FileName.queries))
        let permissions = try FileManager.default.attributesOfItem(atPath: scratch)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        let map = try RadioMap(path: workspace.database, mode: .readOnly)
        let statistics = try map.statistics()
        #expect(statistics.accessPoints > 50 && statistics.cells > 0, "the survey and the published cells are imported")
        workspace.removeTemporaryFiles()
        #expect(!FileManager.default.fileExists(atPath: scratch))
    }

    @Test func aDirectorySimulateDidNotWriteIsBadInput() throws {
        let empty = TemporaryDirectory("workspace-empty")
        #expect {
            _ = try EvaluationWorkspace.town(empty.url.path)
        } throws: { error in
            guard case .badInput(let message) = error as? EvaluationError else { return false }
            return message.contains("holds no survey.wigle.csv")
        }
        #expect(throws: EvaluationError.self) { _ = try WrittenTown.specification(in: empty.url.path) }
    }

    @Test func aWrittenTownIsReadBackAsItsSpecification() throws {
        let town = try Self.writtenTown(seed: 5)
        let (specification, size) = try WrittenTown.specification(in: town.url.path)
        #expect(specification.seed == 5 && size == "tiny")
        // A description this build would make another town from is refused.
        let path = town.path(TownWriter.FileName.description)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"movedRouters\":", with: "\"movedRouters\":9").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try WrittenTown.specification(in: town.url.path)
        } throws: { error in
            (error as? EvaluationError)?.description.contains("builds a different town") == true
        }
    }

    @Test func calibrationModesSayWhereTheirFactorsCameFrom() throws {
        let town = try Self.writtenTown()
        let workspace = try EvaluationWorkspace.town(town.url.path)
        defer { workspace.removeTemporaryFiles() }
        let map = try RadioMap(path: workspace.database, mode: .readWrite)
        let none = try EvaluationCalibration.factors(for: map, mode: .none, calibration: MapCalibration(), storingFingerprints: true)
        #expect(none.factors.isEmpty && none.note == "radius: raw (uncalibrated)")
        let stored = try EvaluationCalibration.factors(for: map, mode: .stored, calibration: MapCalibration(), storingFingerprints: true)
        #expect(stored.factors.isEmpty && stored.note.hasPrefix("radius: raw (map not calibrated"))
        #expect(stored.note.hasSuffix("(no factors: raw radius)"))
    }
}
