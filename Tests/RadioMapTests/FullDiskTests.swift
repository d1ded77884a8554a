import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

/// Every command that writes, on a disk that fills up under it (a small tmpfs): a clear error
/// that names the disk, exit 74 (73 where a file cannot be created), the map intact and exactly
/// as before, and nothing of the command's left beside it.
@Suite(.preparing(MaintenanceScenario.shared), .serialized, .onItsOwnThread, .enabled(if: ScratchMount.unavailableReason == nil, "\(ScratchMount.unavailableReason ?? "")"))
struct FullDiskTests {
    /// What one command left on the full disk.
    struct Outcome: Sendable {
        var result: CommandResult
        var unchanged: Bool
        var integrity: String?
        var names: [String]
        var mountPoint: String
    }

    /// Room for SQLite's shared-memory index (`-shm`, 32 KiB) and a few pages; an import gets
    /// more, so that it fails in the middle of its transaction rather than at its first page.
    static func slack(for command: MaintenanceScenario.Command) -> Int {
        command == .importSurvey ? 256 << 10 : 48 << 10
    }

    @Test(.timeLimit(.minutes(5)), arguments: MaintenanceScenario.Command.allCases)
    func aCommandOnAFullDiskSaysSoAndChangesNothing(_ command: MaintenanceScenario.Command) throws {
        let scenario = try MaintenanceScenario.shared.value
        let mount = try ScratchMount(kibibytes: 2048)
        let map = mount.path("map.sqlite")
        try scenario.copyTemplate(to: map)
        let before = try SurveyImportKillTests.contents(of: map)
        try mount.fill(keeping: Self.slack(for: command))
        let result = try CommandRunner.whereabouts(
            scenario.arguments(command, map: map, exportFile: mount.path("export.csv")),
            environment: scenario.environment(command), timeout: .seconds(300))
        let outcome = Outcome(
            result: result, unchanged: try SurveyImportKillTests.contents(of: map) == before,
            integrity: try SurveyImportKillTests.integrityCheck(map), names: mount.names(), mountPoint: mount.path)
        print("full disk, \(command.rawValue): exit \(result.status): \(result.standardError.split(separator: "\n").last ?? "")")
        #expect(outcome.result.status == 74, "\(outcome.result.standardError)")
        #expect(outcome.result.standardError.contains("(\(outcome.mountPoint)) is full"), "\(outcome.result.standardError)")
        #expect(outcome.unchanged, "the map is exactly as before")
        #expect(outcome.integrity == "ok")
        // SQLite's own -wal and -shm may stay (a reader beside would need them); nothing else.
        #expect(outcome.names.allSatisfy { ["map.sqlite", "map.sqlite-wal", "map.sqlite-shm"].contains($0) }, "\(outcome.names)")
    }

    /// The import that spills its sorted sightings to a scratch file beside the map
    /// (`SightingRuns`): the scratch file or the map fills the disk; either way the same.
    @Test(.timeLimit(.minutes(5)))
    func aSpilledImportOnAFullDiskSaysSoAndLeavesNoScratchFile() throws {
        let scenario = try MaintenanceScenario.shared.value
        let mount = try ScratchMount(kibibytes: 2048)
        let path = mount.path("map.sqlite")
        try scenario.copyTemplate(to: path)
        let before = try SurveyImportKillTests.contents(of: path)
        try mount.fill(keeping: 256 << 10)
        var thrown: (any Error)?
        do {
            let map = try RadioMap(path: path, mode: .readWrite)
            map.importSpillThreshold = 0
            _ = try map.importSurvey(at: scenario.moreSurvey, options: ImportOptions(), progress: nil)
        } catch {
            thrown = error
        }
        let error = try #require(thrown, "the import completed on a full disk")
        guard case .database(.diskFull(_, let disk)) = error as? ImportError else {
            Issue.record("not a full-disk error: \(error)")
            return
        }
        #expect(disk == mount.path)
        #expect(try SurveyImportKillTests.contents(of: path) == before)
        #expect(try SurveyImportKillTests.integrityCheck(path) == "ok")
        #expect(mount.names().allSatisfy { ["map.sqlite", "map.sqlite-wal", "map.sqlite-shm"].contains($0) }, "\(mount.names())")
    }
}
