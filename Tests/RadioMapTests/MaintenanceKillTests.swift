import Foundation
import SystemSupport
import Testing
import TestSupport
import WorldSimulator

@testable import RadioMap

/// `import`, `db calibrate`, `db forget-import`, retention and `watch --learn` SIGKILLed at seeded
/// random moments spread over their whole run: every time the map passes `PRAGMA
/// integrity_check` and holds exactly what it held before the command or after it (a learning
/// session, which commits batch by batch, holds before plus whole batches), and running the
/// command again succeeds.
///
/// A handful of kills per command here; `tools/stress` sets `WHEREABOUTS_KILLS=50` and a new
/// `WHEREABOUTS_KILL_SEED` each round.
@Suite(.preparing(MaintenanceScenario.shared), .serialized, .onItsOwnThread) struct MaintenanceKillTests {
    static let commands: [MaintenanceScenario.Command] = [.importSurvey, .calibrate, .forgetImport, .retention, .learn]
    static let environment = ProcessInfo.processInfo.environment
    static let killCount = environment["WHEREABOUTS_KILLS"].flatMap(Int.init) ?? 3
    static let seed = environment["WHEREABOUTS_KILL_SEED"].flatMap(UInt64.init) ?? 29

    /// What one kill left behind.
    struct Kill: Sendable, CustomStringConvertible {
        var delay: Duration
        var exitedBeforeKill: Bool
        var integrity: String?
        var state: String
        var rerunStatus: Int32?
        var rerunErrors = ""
        var rerunIntegrity: String?

        var description: String {
            "kill after \(delay) (\(exitedBeforeKill ? "had finished" : "running")): integrity \(integrity ?? "-"), state \(state); "
                + "re-run \(rerunStatus.map { "exit \($0)" } ?? "not needed") \(rerunErrors), integrity \(rerunIntegrity ?? "-")"
        }
    }

    @Test(.timeLimit(.minutes(30)), arguments: commands)
    func killedAtRandomMomentsTheMapHoldsBeforeOrAfterAndTheNextRunSucceeds(_ command: MaintenanceScenario.Command) throws {
        let scenario = try MaintenanceScenario.shared.value
        let kills = try Self.kill(command, in: scenario)
        let running = kills.filter { !$0.exitedBeforeKill }
        print("kills, \(command.rawValue): \(running.count) of \(kills.count) while it ran; states "
              + Dictionary(grouping: kills, by: \.state).map { "\($0.key) \($0.value.count)" }.sorted().joined(separator: ", "))
        #expect(!running.isEmpty, "no kill landed while \(command.rawValue) ran")
        for kill in kills {
            #expect(kill.integrity == "ok", "\(kill)")
            #expect(kill.state != "other", "\(kill)")
            if kill.exitedBeforeKill { #expect(kill.state == "after", "\(kill)") }
            if let status = kill.rerunStatus {
                #expect(status == 0, "\(kill)")
                #expect(kill.rerunIntegrity == "ok", "\(kill)")
            }
        }
    }

    static func kill(_ command: MaintenanceScenario.Command, in scenario: MaintenanceScenario) throws -> [Kill] {
        let directory = TemporaryDirectory("kills")
        let before = try contents(of: scenario.template)
        func run(on map: String) throws -> CommandResult {
            try CommandRunner.whereabouts(
                scenario.arguments(command, map: map, exportFile: directory.path("export.csv")),
                environment: scenario.environment(command), timeout: .seconds(600))
        }
        // One complete run first: the state after it, and how long the command takes here.
        let reference = directory.path("reference/map.sqlite")
        try scenario.copyTemplate(to: reference)
        let started = ContinuousClock.now
        let referenceRun = try run(on: reference)
        let duration = started.duration(to: .now)
        try #require(referenceRun.status == 0, "reference \(command.rawValue) failed: \(referenceRun.standardError)")
        let after = try contents(of: reference)
        try #require(after != before, "\(command.rawValue) changed nothing")

        var random = SplitMix64(seed: seed &+ UInt64(commands.firstIndex(of: command) ?? 0))
        let executable = CommandRunner.whereaboutsExecutable.path
        var environment = ProcessInfo.processInfo.environment
        environment.merge(scenario.environment(command)) { $1 }
        return try RandomKills.run(count: killCount, referenceRun: duration, random: &random) { index in
            let map = directory.path("kill-\(index)/map.sqlite")
            try scenario.copyTemplate(to: map)
            return try SpawnedProcess.spawn(
                [executable] + scenario.arguments(command, map: map, exportFile: directory.path("export.csv")),
                output: .standardError(directory.path("kill-\(index).log")), environment: environment)
        } inspect: { moment in
            let map = directory.path("kill-\(moment.index)/map.sqlite")
            let state = try contents(of: map)
            var kill = Kill(
                delay: moment.delay, exitedBeforeKill: moment.exitedBeforeKill,
                integrity: try SurveyImportKillTests.integrityCheck(map),
                state: state == before ? "before" : state == after ? "after" : "other")
            if kill.state == "other" && command == .learn && isWholeBatches(of: state, within: after) { kill.state = "batches" }
            // A learning session learns again; the others only need to run again if the kill stopped them.
            if kill.state != "after" || command == .learn {
                let rerun = try run(on: map)
                kill.rerunStatus = rerun.status
                kill.rerunErrors = rerun.status == 0 ? "" : rerun.standardError
                kill.rerunIntegrity = try SurveyImportKillTests.integrityCheck(map)
                if try command != .learn && contents(of: map) != after { kill.rerunIntegrity = "re-run left another state" }
            }
            return kill
        }
    }

    /// Every row of every table, sorted, as text, without what differs between two runs of the
    /// same command: when an import or a calibration ran, and a learning session's name and hash
    /// (they carry the time).
    static func contents(of path: String) throws -> [String: [String]] {
        var contents = try SurveyImportKillTests.contents(of: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        func rows(_ sql: String) throws -> [String] {
            let statement = try map.connection.makeStatement(sql: sql)
            statement.bind([])
            var lines: [String] = []
            while try statement.step() {
                lines.append((0..<statement.columnCount).map { statement.text($0) ?? "NULL" }.joined(separator: "|"))
            }
            return lines.sorted()
        }
        contents["imports"] = try rows("SELECT id, size, format, rows_read, rows_imported, rows_rejected FROM imports")
        if try map.connection.hasTable("calibration_factors") {
            contents["calibration_factors"] = try rows("SELECT source, bin, factor, samples, pooled FROM calibration_factors")
        }
        if try map.connection.hasTable("calibration_sighting_factors") {
            contents["calibration_sighting_factors"] = try rows(
                "SELECT source, sightings, factor, factor95, samples, pooled, floor68, floor95, floor_samples"
                    + " FROM calibration_sighting_factors")
        }
        return contents
    }

    /// Whether a killed learning session's map holds the map before it plus its first batches,
    /// whole: the learned sightings stored are the complete session's first ones, and its import
    /// record counts exactly those.
    static func isWholeBatches(of state: [String: [String]], within after: [String: [String]]) -> Bool {
        let learnedImport = after["imports"]?.compactMap { line -> String? in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            return fields.count > 2 && fields[2] == Substring(RadioMap.learningFormat) ? String(fields[0]) : nil
        }.first
        guard let learnedImport else { return false }
        // Sightings of access points (import id, line: columns 1, 2) and of cells (5, 6).
        func learned(_ contents: [String: [String]]) -> [(line: Int, row: String)] {
            [("ap_observations", 1), ("cell_observations", 5)].flatMap { table, column in
                (contents[table] ?? []).compactMap { row -> (line: Int, row: String)? in
                    let fields = row.split(separator: "|", omittingEmptySubsequences: false)
                    guard fields.count > column + 1, fields[column] == Substring(learnedImport),
                        let line = Int(fields[column + 1])
                    else { return nil }
                    return (line, row)
                }
            }
        }
        let stored = learned(state)
        guard let last = stored.map(\.line).max() else { return false }
        let expected = learned(after).filter { $0.line <= last }.map(\.row).sorted()
        let record = state["imports"]?.first { $0.hasPrefix(learnedImport + "|") }?.split(separator: "|")
        return stored.map(\.row).sorted() == expected && record.map { Int($0[4]) == stored.count } == true
    }
}
