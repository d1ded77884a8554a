import Foundation
import PositioningCore
import SystemSupport
import Testing
import TestSupport
import WorldSimulator

@testable import RadioMap

/// `watch --learn` SIGKILLed at seeded points of a replayed drive: each time the map passes
/// `PRAGMA integrity_check`, holds only what whole transactions wrote — the learned sightings
/// are exactly the first sightings of an uninterrupted run, ending at a sample boundary, and
/// agree with the session's `imports` counter written in the same transaction — and a re-run
/// completes and learns the whole drive again.
@Suite(.serialized) struct WatchLearnKillTests {
    /// One learned sighting: its line in the session and when it was heard.
    struct LearnedRow: Hashable, Sendable {
        var line: Int64
        var time: Double
    }

    /// What a killed run left behind.
    struct Killed: Sendable {
        var threshold: Int
        var exitedBeforeKill: Bool
        var integrity: String?
        var rows: [LearnedRow]
        var counted: Int64
    }

    static func check(_ path: String) throws -> String? {
        let map = try RadioMap(path: path, mode: .readOnly)
        let check = try map.connection.cachedStatement(sql: "PRAGMA integrity_check")
        check.bind([])
        defer { check.reset() }
        return try check.step() ? check.text(0) : nil
    }

    /// The sightings of the learning session `importID` (the latest one when nil), in line order.
    static func learnedRows(_ path: String, importID: Int64? = nil) throws -> [LearnedRow] {
        let map = try RadioMap(path: path, mode: .readOnly)
        let session = "(SELECT coalesce(\(importID.map(String.init) ?? "max(id)"), -1) FROM imports WHERE format = 'learned')"
        let statement = try map.connection.makeStatement(sql: """
            SELECT line, time FROM ap_observations WHERE import_id = \(session)
            UNION ALL SELECT line, time FROM cell_observations WHERE import_id = \(session) ORDER BY 1
            """)
        statement.bind([])
        var rows: [LearnedRow] = []
        while try statement.step() { rows.append(LearnedRow(line: statement.int64(0), time: statement.double(1))) }
        return rows
    }

    /// Sightings the `imports` rows of learning sessions say were stored.
    static func countedRows(_ path: String) throws -> Int64 {
        try RadioMap(path: path, mode: .readOnly).connection.integer(
            "SELECT coalesce(sum(rows_imported), 0) FROM imports WHERE format = 'learned'")
    }

    static func copyMap(_ source: String, to destination: String) throws {
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
        }
    }

    static func watchArguments(map: String, trace: String) -> [String] {
        ["watch", "--db", map, "--replay", trace, "--speed", "max", "--learn", "--json"]
    }

    /// Starts `watch --learn` on `map`, SIGKILLs it once `threshold` sightings are committed
    /// (or finds it already done), and reads what it left.
    static func killLearning(map: String, trace: String, threshold: Int, home: String) throws -> Killed {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_DATA_HOME"] = home + "/data"
        environment.removeValue(forKey: "WHEREABOUTS_DB")
        let child = try ChildProcess.spawn(
            CommandRunner.whereaboutsExecutable.path, watchArguments(map: map, trace: trace), environment: environment,
            standardOutput: .null, standardError: .null)
        var exited: ChildProcess.ExitStatus?
        _ = Deadline(after: .seconds(300)).poll(every: .milliseconds(5)) {
            exited = exited ?? child.exitStatusIfExited()
            return exited != nil || ((try? countedRows(map)) ?? 0) >= threshold
        }
        let exitedBeforeKill = exited != nil
        if !exitedBeforeKill {
            child.send(SIGKILL)
            child.waitForExit()
        }
        return Killed(
            threshold: threshold, exitedBeforeKill: exitedBeforeKill, integrity: try check(map),
            rows: try learnedRows(map), counted: try countedRows(map))
    }

    @Test func killedLearningKeepsWholeBatchesAndARerunCompletes() async throws {
        let directory = TemporaryDirectory("watch-learn-kill")
        let town = directory.path("town")
        let simulated = try await EvalProcessRun(["simulate", "--seed", "6", "--size", "tiny", "--out", town])
        try #require(simulated.status == 0, "\(simulated.errors)")
        let base = directory.path("base.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", base, town + "/survey.wigle.csv"])
        try #require(imported.status == 0, "\(imported.errors)")
        let trace = town + "/drive.trace.jsonl"

        // The uninterrupted run every killed one is compared with.
        let reference = directory.path("reference.sqlite")
        try Self.copyMap(base, to: reference)
        let whole = try await EvalProcessRun(Self.watchArguments(map: reference, trace: trace))
        try #require(whole.status == 0, "\(whole.errors)")
        let full = try Self.learnedRows(reference)
        try #require(full.count > 200, "the drive teaches the map something")
        let sightingsAt = Dictionary(grouping: full, by: \.time).mapValues(\.count)

        var random = SeededRandomNumberGenerator(seed: 10)
        let thresholds = (0..<5).map { _ in 1 + Int(random.next() % UInt64(full.count - 1)) }
        let home = directory.path("home")
        let killed = try await DedicatedThread("killed learning") {
            Result {
                try thresholds.enumerated().map { index, threshold in
                    let map = directory.path("killed-\(index).sqlite")
                    try Self.copyMap(base, to: map)
                    return try Self.killLearning(map: map, trace: trace, threshold: threshold, home: home)
                }
            }
        }.value.get()

        var midway = 0
        for (index, outcome) in killed.enumerated() {
            #expect(outcome.integrity == "ok", "kill \(index) at \(outcome.threshold) sightings")
            #expect(Int64(outcome.rows.count) == outcome.counted, "sightings and the session's counter move together")
            #expect(Array(full.prefix(outcome.rows.count)) == outcome.rows, "kill \(index): a prefix of the uninterrupted run")
            if let last = outcome.rows.last {
                #expect(outcome.rows.count(where: { $0.time == last.time }) == sightingsAt[last.time], "kill \(index) ends at a whole sample")
            }
            if !outcome.exitedBeforeKill && outcome.rows.count < full.count { midway += 1 }

            let map = directory.path("killed-\(index).sqlite")
            let rerun = try await EvalProcessRun(Self.watchArguments(map: map, trace: trace))
            #expect(rerun.status == 0, "re-run after kill \(index): \(rerun.errors)")
            #expect(try Self.check(map) == "ok")
            #expect(try Self.learnedRows(map) == full, "the re-run learns the whole drive")
        }
        #expect(midway >= 2, "most kills land mid-drive: \(killed.map { ($0.threshold, $0.rows.count, $0.exitedBeforeKill) })")
    }
}
