import Foundation
import SystemSupport
import Testing
import TestSupport
import WorldSimulator

@testable import RadioMap

#if canImport(Glibc)
    import Glibc
#endif

/// The built `whereabouts import` SIGKILLed at seeded random points spread over an import's
/// duration: each time the map passes `PRAGMA integrity_check`, holds exactly what it held before
/// the file (or after it, when the kill came after the commit), and importing again completes.
extension SurveyImportKillTests {
    /// What one kill left behind.
    struct RandomKill: Sendable, CustomStringConvertible {
        var delay: Duration
        var exitedBeforeKill: Bool
        var integrity: String?
        var matchesBefore: Bool
        var matchesAfter: Bool
        var rerunStatus: Int32
        var rerunIntegrity: String?
        var rerunMatchesAfter: Bool

        var description: String {
            "kill after \(delay) (import \(exitedBeforeKill ? "had finished" : "running")): integrity \(integrity ?? "-"), "
                + "before \(matchesBefore), after \(matchesAfter); re-run exit \(rerunStatus), integrity \(rerunIntegrity ?? "-"), "
                + "after \(rerunMatchesAfter)"
        }
    }

    static let randomKillCount = 12
    static let randomKillSurveyRows = 20_000

    @Test(.timeLimit(.minutes(10)))
    func importKilledAtRandomPointsLeavesBeforeOrAfterAndRerunCompletes() async throws {
        let kills = try await DedicatedThread.run("random kills") { () throws in try Self.killAtRandomPoints() }
        #expect(kills.count >= Self.randomKillCount)
        let running = kills.filter { !$0.exitedBeforeKill }
        print("random kills: \(running.count) of \(kills.count) while the import ran "
              + "(\(running.filter(\.matchesBefore).count) left the map as before, \(running.filter(\.matchesAfter).count) as after)")
        #expect(kills.contains { !$0.exitedBeforeKill }, "no kill landed while the import ran")
        for kill in kills {
            #expect(kill.integrity == "ok", "\(kill)")
            #expect(kill.matchesBefore || kill.matchesAfter, "\(kill)")
            // A kill while the process still ran may land after the commit; one after it exited must.
            if kill.exitedBeforeKill { #expect(kill.matchesAfter, "\(kill)") }
            #expect(kill.rerunStatus == 0, "\(kill)")
            #expect(kill.rerunIntegrity == "ok", "\(kill)")
            #expect(kill.rerunMatchesAfter, "\(kill)")
        }
    }

    static func killAtRandomPoints() throws -> [RandomKill] {
        let directory = TemporaryDirectory()
        let template = directory.path("template/map.sqlite")
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: template)
        let before = try contents(of: template)
        let survey = directory.path("survey.csv")
        try LargeSurvey.write(rows: randomKillSurveyRows, to: survey)

        // A complete import first: the state after the file, and how long an import takes here.
        let reference = try copy(template, to: directory.path("reference.sqlite"))
        let started = ContinuousClock.now
        let referenceRun = try CommandRunner.whereabouts(["import", "--quiet", "--db", reference, survey], timeout: .seconds(600))
        let duration = started.duration(to: .now)
        try #require(referenceRun.status == 0, "reference import failed: \(referenceRun.standardError)")
        let after = try contents(of: reference)
        try #require(after != before)

        var random = SplitMix64(seed: 10)
        return try RandomKills.run(count: randomKillCount, referenceRun: duration, random: &random) { index in
            let map = try copy(template, to: directory.path("kill-\(index).sqlite"))
            return try SpawnedProcess.spawn(
                [CommandRunner.whereaboutsExecutable.path, "import", "--quiet", "--db", map, survey],
                output: .standardError(directory.path("kill-\(index).log")))
        } inspect: { moment in
            let map = directory.path("kill-\(moment.index).sqlite")
            let state = try contents(of: map)
            let integrity = try integrityCheck(map)
            let rerun = try CommandRunner.whereabouts(["import", "--quiet", "--db", map, survey], timeout: .seconds(600))
            defer { try? FileManager.default.removeItem(atPath: map) }
            return RandomKill(
                delay: moment.delay, exitedBeforeKill: moment.exitedBeforeKill, integrity: integrity,
                matchesBefore: state == before, matchesAfter: state == after, rerunStatus: rerun.status,
                rerunIntegrity: try integrityCheck(map), rerunMatchesAfter: try contents(of: map) == after)
        }
    }

    private static func copy(_ source: String, to destination: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    /// `PRAGMA integrity_check`'s lines joined ("ok" for a sound file).
    static func integrityCheck(_ path: String) throws -> String? {
        try RadioMap(path: path, mode: .readOnly).integrityCheck().joined(separator: "\n")
    }

    /// Every row of every table, sorted, as text — except when each import ran (`imported_at`),
    /// which differs between two runs of the same import. Equal contents = the same radio map.
    static func contents(of path: String) throws -> [String: [String]] {
        let map = try RadioMap(path: path, mode: .readOnly)
        let tables = try map.connection.makeStatement(
            sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        tables.bind([])
        var names: [String] = []
        while try tables.step() { names.append(tables.text(0) ?? "") }
        var contents: [String: [String]] = [:]
        for name in names {
            let sql = name == "imports"
                ? "SELECT id, name, size, content_hash, format, rows_read, rows_imported, rows_rejected FROM imports"
                : "SELECT * FROM \"\(name)\""
            let rows = try map.connection.makeStatement(sql: sql)
            rows.bind([])
            var lines: [String] = []
            while try rows.step() {
                lines.append((0..<rows.columnCount).map { rows.text($0) ?? "NULL" }.joined(separator: "|"))
            }
            contents[name] = lines.sorted()
        }
        return contents
    }
}
