import Foundation
import PositioningCore
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

/// A process killed in the middle of an import leaves the radio map as it was: the import is
/// one transaction, and WAL recovery ignores frames without a commit.
///
/// The parent test re-runs this test binary as a child (filtered to `childImport`, told what to
/// do through the environment), waits until the child has spilled uncommitted pages into the
/// WAL, SIGKILLs it, and checks the map.
@Suite struct SurveyImportKillTests {
    static let childDatabase = "WHEREABOUTS_TEST_KILL_CHILD_DB"
    static let childSurvey = "WHEREABOUTS_TEST_KILL_CHILD_SURVEY"
    static let childProgress = "WHEREABOUTS_TEST_KILL_CHILD_PROGRESS"

    // Runs only inside the child process started by `killedImportLeavesTheMapAsItWas`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childDatabase] != nil,
                   "runs only as the child process of killedImportLeavesTheMapAsItWas"))
    func childImport() throws {
        let environment = ProcessInfo.processInfo.environment
        let map = try RadioMap(path: try #require(environment[Self.childDatabase]), mode: .readWrite)
        // A tiny page cache makes SQLite spill uncommitted pages into the WAL early.
        try map.connection.execute("PRAGMA cache_size = 20")
        // Spill every batch to the scratch file (`SightingRuns`), so that the kill finds it open.
        map.importSpillThreshold = 0
        let progressPath = try #require(environment[Self.childProgress])
        let progress = try #require(FileHandle(forWritingAtPath: progressPath))
        _ = try map.importSurvey(at: try #require(environment[Self.childSurvey]), options: ImportOptions()) { _ in
            progress.write(Data(".".utf8))
        }
        progress.write(Data("done".utf8))
    }

    /// What the parent saw: the map before, the map after the kill, and how the child was stopped.
    struct KillOutcome: Sendable {
        var before: RadioMapStatistics
        var after: RadioMapStatistics
        var midImport: Bool
        var progressText: String
        var integrity: String?
        var scratchFiles: [String]
    }

    // The work (writing 400k rows, polling the child) runs on its own thread, not on Swift's
    // two-thread cooperative pool, so it never stalls the tests running beside it.
    @Test func killedImportLeavesTheMapAsItWas() async throws {
        let outcome = try await DedicatedThread.run("killed import") { () throws in try Self.killImportMidway() }
        #expect(outcome.midImport, "the child never got mid-import before the deadline")
        #expect(!outcome.progressText.hasSuffix("done"))
        #expect(outcome.after.accessPoints == outcome.before.accessPoints)
        var after = outcome.after
        after.fileBytes = outcome.before.fileBytes
        #expect(after == outcome.before)
        #expect(outcome.integrity == "ok")
        // The scratch file of the sorted sightings (`SightingRuns`) died with the process.
        #expect(outcome.scratchFiles.isEmpty)
    }

    static func killImportMidway() throws -> KillOutcome {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: mapPath)
        let before = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        let survey = directory.path("large.csv")
        try LargeSurvey.write(rows: 400_000, to: survey)
        let progressPath = directory.path("progress")
        precondition(FileManager.default.createFile(atPath: progressPath, contents: nil))

        var environment = ProcessInfo.processInfo.environment
        environment[Self.childDatabase] = mapPath
        environment[Self.childSurvey] = survey
        environment[Self.childProgress] = progressPath
        let child = try ChildProcess.spawn(
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
            ["--testing-library", "swift-testing", "--filter", "SurveyImportKillTests/childImport"],
            environment: environment, standardOutput: .null, standardError: .null)

        // Wait until the child is mid-import with uncommitted pages in the WAL. It spills every
        // batch, so the WAL grows only once it merges its runs, late in the import: the wait
        // ends when that happens or the child exits, whichever is first (on a machine at load
        // 47 a fixed 120 s deadline ran out before the merge began, and the test failed); the
        // deadline only stops a hung child.
        // Each look is taken with the child stopped, and the child stays stopped from the look
        // that ends the wait until the kill: it cannot commit in between.
        var exited = false
        let midImport = Deadline(after: .seconds(1_800)).poll(every: .milliseconds(20)) {
            exited = !SpawnedProcess.stop(child.processID)
            let chunks = RadioMapFixtures.bytes(progressPath)?.count ?? 0
            if exited || (chunks >= 3 && RadioMap.fileSize(mapPath + "-wal") > 256 * 1024) { return true }
            child.send(SIGCONT)
            return false
        } && !exited
        if !exited {
            child.send(SIGKILL)
            child.waitForExit()
        }
        let progressText = String(decoding: RadioMapFixtures.bytes(progressPath) ?? Data(), as: UTF8.self)

        let map = try RadioMap(path: mapPath, mode: .readOnly)
        let after = try map.statistics()
        let check = try map.connection.cachedStatement(sql: "PRAGMA integrity_check")
        check.bind([])
        let integrity = try check.step() ? check.text(0) : nil
        check.reset()
        let scratchFiles = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasPrefix(".whereabouts-import") }
        return KillOutcome(
            before: before, after: after, midImport: midImport, progressText: progressText, integrity: integrity,
            scratchFiles: scratchFiles)
    }
}
