import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

#if canImport(Glibc)
    import Glibc
#endif

/// A first import into a map that does not exist yet is built on a scratch file and named when
/// whole (`RadioMap.buildNew`): the map appears complete and in WAL mode, or not at all, and
/// nothing of a failed or killed build stays behind once the next import has run.
@Suite(.onItsOwnThread) struct NewMapBuildTests {
    /// The files in `directory` besides those the test made.
    static func leftovers(_ directory: TemporaryDirectory, besides kept: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { !kept.contains($0) }.sorted()
    }

    /// How far process `processID` has read `file`, from its open descriptor's offset.
    static func readOffset(of file: String, in processID: pid_t) -> Int? {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(processID)/fd")) ?? []
        let target = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        for descriptor in descriptors {
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(processID)/fd/\(descriptor)")) == target,
                let info = try? String(contentsOfFile: "/proc/\(processID)/fdinfo/\(descriptor)", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") })
            else { continue }
            return Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// Starts `whereabouts import --quiet --db path survey` as a child process (its output in
    /// `log`), and stops it at the first look (taken with the child stopped, every 5 ms) at which
    /// `reached` holds; it stays stopped, so that it cannot move on before the test has looked.
    /// Returns the child and whether it was stopped there (false: it exited first, or the
    /// deadline passed).
    static func importStopped(
        into path: String, from survey: String, log: String, when reached: @escaping @Sendable (pid_t) -> Bool
    ) async throws -> (child: pid_t, stopped: Bool) {
        let child = try SpawnedProcess.spawn([CommandRunner.whereaboutsExecutable.path, "import", "--quiet", "--db", path, survey],
                                             output: .standardError(log))
        let stopped = try await DedicatedThread.run("wait for the build") { () throws -> Bool in
            var alive = true
            let found = Deadline(after: .seconds(300)).poll(every: .milliseconds(5)) {
                alive = SpawnedProcess.stop(child)
                guard alive else { return true }
                if reached(child) { return true }
                kill(child, SIGCONT)
                return false
            }
            return found && alive
        }
        return (child, stopped)
    }

    @Test func aBuiltMapGetsItsNameWholeAndInWALMode() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let summary = try RadioMap.buildNew(at: path) { map in
            // Nothing at the name while the build runs.
            #expect(!FileManager.default.fileExists(atPath: path))
            return try map.importSurvey(at: RadioMapFixtures.fixture("opencellid_synthetic.csv"), options: ImportOptions(), progress: nil)
        }
        let imported = try #require(summary)
        #expect(imported.rowsImported > 0)
        let header = try #require(RadioMapFixtures.bytes(path))
        #expect(header[18] == 2 && header[19] == 2, "not in WAL mode")
        let map = try RadioMap(path: path, mode: .readOnly)
        #expect(try map.statistics().cells == imported.rowsImported)
        #expect(try map.imports().count == 1)
        #expect(try Self.leftovers(directory, besides: ["new.sqlite", "new.sqlite-wal", "new.sqlite-shm"]) == [])
    }

    @Test func aBuildThatThrowsLeavesNoMapAndNoScratchFile() throws {
        struct Stop: Error {}
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        #expect(throws: Stop.self) {
            try RadioMap.buildNew(at: path) { map in
                _ = try map.importSurvey(at: RadioMapFixtures.fixture("opencellid_synthetic.csv"), options: ImportOptions(), progress: nil)
                throw Stop()
            }
        }
        #expect(try Self.leftovers(directory, besides: []).isEmpty)
    }

    @Test func aMapMadeMeanwhileByAnotherWriterIsKeptAndTheBuildDropped() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let built = try RadioMap.buildNew(at: path) { map in
            _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: path)
            return try map.importSurvey(at: RadioMapFixtures.fixture("opencellid_synthetic.csv"), options: ImportOptions(), progress: nil)
        }
        #expect(built == nil)
        let names = try RadioMap(path: path, mode: .readOnly).imports().map(\.name)
        #expect(names.count == 1 && names.allSatisfy { $0.hasSuffix("wigle_quirks.csv") }, "\(names)")
        #expect(try Self.leftovers(directory, besides: ["new.sqlite", "new.sqlite-wal", "new.sqlite-shm"]) == [])
    }

    /// `RadioMap.fill`: a missing map is built, an existing one opened, and a map another
    /// writer makes during the build gets the body's second call, the build being dropped.
    @Test func fillBuildsAMissingMapOpensAnExistingOneAndYieldsToOneMadeMeanwhile() throws {
        let directory = TemporaryDirectory()
        let cells = RadioMapFixtures.fixture("opencellid_synthetic.csv")
        let quirks = RadioMapFixtures.fixture("wigle_quirks.csv")
        var calls: [MapFill] = []
        let new = try RadioMap.fill(at: directory.path("new.sqlite")) { map, fill in
            calls.append(fill)
            return try map.importSurvey(at: cells, options: ImportOptions(), progress: nil)
        }
        #expect(calls == [.building])
        #expect(try new.map.statistics().cells == new.result.rowsImported)
        calls = []
        let again = try RadioMap.fill(at: directory.path("new.sqlite")) { map, fill in
            calls.append(fill)
            return try map.imports().count
        }
        #expect(calls == [.existing] && again.result == 1)
        calls = []
        let raced = directory.path("raced.sqlite")
        let yielded = try RadioMap.fill(at: raced) { map, fill in
            calls.append(fill)
            if fill == .building { _ = try RadioMapFixtures.importFile(quirks, into: raced) }
            return try map.importSurvey(at: cells, options: ImportOptions(), progress: nil)
        }
        #expect(calls == [.building, .madeMeanwhile])
        #expect(try yielded.map.imports().count == 2, "the other writer's import and the body's second call")
    }

    /// `import` killed while it builds a new map: no map at the name, and the next import into
    /// it deletes the dead build's scratch file, builds its own and names it.
    @Test(.timeLimit(.minutes(10)))
    func aKilledFirstImportLeavesNoMapAndTheNextImportClearsItsScratchFile() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let survey = directory.path("large.csv")
        try LargeSurvey.write(rows: 400_000, to: survey)
        let folder = directory.url.path
        let scratch: @Sendable () -> [String] = {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".new.sqlite.building-") }
        }
        // Mid-build: the scratch file exists and the import has read a third of the survey but
        // not half of it, so it cannot have committed (its pages may all still be in its cache:
        // the scratch file's size says nothing). The child stays stopped from the look until it
        // is killed: a child left running after a look could finish and name its map before
        // the kill (CI at load saw exactly that).
        let size = Int(RadioMap.fileSize(survey))
        let (child, stopped) = try await Self.importStopped(into: path, from: survey, log: directory.path("child.log")) { child in
            !scratch().isEmpty && (Self.readOffset(of: survey, in: child) ?? 0) > size / 3
        }
        let midBuild = stopped && (Self.readOffset(of: survey, in: child) ?? size) < size / 2
        kill(child, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(child, &status, 0)
        #expect(midBuild, "the import finished or never grew its scratch file")
        #expect(!FileManager.default.fileExists(atPath: path), "a killed build left a map at the name")
        #expect(scratch().count == 1)

        let next = try CommandRunner.whereabouts(["import", "--quiet", "--db", path, RadioMapFixtures.fixture("wigle_quirks.csv")])
        #expect(next.status == 0, "\(next.standardError)")
        #expect(scratch().isEmpty, "the dead build's scratch file is still there")
        #expect(try RadioMap(path: path, mode: .readOnly).imports().count == 1)
    }

    /// While `import` builds a new map, a reader finds no map at the name yet, and is told that
    /// an import is building it (exit 75, try again) rather than that there is none; once the
    /// import is done, the map is there.
    @Test(.timeLimit(.minutes(10)))
    func readersAreToldThatAnImportIsBuildingTheMap() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let survey = directory.path("large.csv")
        try LargeSurvey.write(rows: 200_000, to: survey)
        #expect(RadioMap.builder(of: path) == nil)
        // The child is stopped at a look that finds it building, and stays stopped while the
        // readers look, so that it cannot finish meanwhile.
        let (child, building) = try await Self.importStopped(into: path, from: survey, log: directory.path("child.log")) { child in
            RadioMap.builder(of: path) == child
        }
        defer { kill(child, SIGKILL) }
        #expect(building && !FileManager.default.fileExists(atPath: path), "the import finished before a look found it building")
        #expect {
            _ = try RadioMap(path: path, mode: .readOnly)
        } throws: { error in
            guard case .beingBuilt(let builtAt, let processID) = error as? RadioMapError else { return false }
            return builtAt == path && processID == child
        }
        let environment = ["HOME": directory.path("home"), "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""]
        let status = try CommandRunner.whereabouts(["status", "--db", path], environment: environment)
        #expect(status.standardOutput.contains("being built by an import (process \(child))"), "\(status.standardOutput)")
        let calibrate = try CommandRunner.whereabouts(["db", "calibrate", "--db", path], environment: environment)
        #expect(calibrate.status == 75, "\(calibrate.standardError)")
        #expect(calibrate.standardError.contains("an import (process \(child)) is building it"), "\(calibrate.standardError)")

        kill(child, SIGCONT)
        var exit: Int32 = 0
        _ = waitpid(child, &exit, 0)
        #expect(exit == 0, "the import failed: \(String(decoding: RadioMapFixtures.bytes(directory.path("child.log")) ?? Data(), as: UTF8.self))")
        #expect(RadioMap.builder(of: path) == nil)
        #expect(try RadioMap(path: path, mode: .readOnly).imports().count == 1)
        let after = try CommandRunner.whereabouts(["status", "--db", path], environment: environment)
        #expect(!after.standardOutput.contains("being built"), "\(after.standardOutput)")
    }
}
