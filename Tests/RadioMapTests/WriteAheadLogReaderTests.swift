import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

#if canImport(Glibc)
    import Glibc
#endif

/// A reader reads a map without its write-ahead log (as immutable) only where the file system
/// keeps it from the log; a log it cannot open for any other reason is reported, not read around,
/// since without the log a reader beside a live writer answers from a stale file. (Where the file
/// system does keep a reader from the log, `ReadOnlyMapTests` has it answer.)
@Suite struct WriteAheadLogReaderTests {
    @Test func aLogTheReaderCannotOpenInAWritableDirectoryIsReportedNotReadAround() async throws {
        let directory = TemporaryDirectory("wal-reader")
        let map = directory.path("radiomap.sqlite")
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: map)
        let (stale, restored) = try await DedicatedThread.run("live writer") { () throws in
            // Another process's writer: its change lives only in the log while it runs.
            let ready = directory.path("ready")
            let writer = try ChildProcess.spawn(
                "/bin/sh",
                ["-c", "{ printf 'PRAGMA wal_autocheckpoint=0;\\nDELETE FROM access_points;\\n.system touch \(ready)\\n'; "
                    + "exec sleep 60; } | sqlite3 \(map)"],
                standardInput: .null, standardOutput: .null, standardError: .null, ownProcessGroup: true)
            defer {
                writer.send(SIGKILL, toGroup: true)
                _ = writer.waitForExit()
            }
            let deadline = ContinuousClock.now + .seconds(30)
            while !FileManager.default.fileExists(atPath: ready) && ContinuousClock.now < deadline { usleep(10_000) }
            try #require(FileManager.default.fileExists(atPath: ready), "the writer never deleted its rows")

            // The log's index replaced by a link to nowhere: SQLite cannot open it, yet this user
            // may write the directory and both files, so nothing calls for an immutable read.
            let index = map + "-shm"
            try FileManager.default.moveItem(atPath: index, toPath: index + ".aside")
            try FileManager.default.createSymbolicLink(atPath: index, withDestinationPath: index + ".gone")
            #expect(!FileSystemLocation.keepsReaderFromWriteAheadLog(map))
            let stale = try CommandRunner.whereabouts(["db", "stats", "--db", map, "--json"])

            try FileManager.default.removeItem(atPath: index)
            try FileManager.default.moveItem(atPath: index + ".aside", toPath: index)
            return (stale, try CommandRunner.whereabouts(["db", "stats", "--db", map, "--json"]))
        }
        #expect(stale.status == 74, "\(stale.standardOutput)\(stale.standardError)")
        #expect(stale.standardError.contains("could not open the write-ahead log"), "\(stale.standardError)")
        #expect(!stale.standardOutput.contains("\"accessPoints\":4"), "answered from the file without the log")
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(restored.standardOutput.contains("\"accessPoints\":0"), "\(restored.standardOutput)")
    }
}
