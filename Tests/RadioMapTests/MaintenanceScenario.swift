import Foundation
import Testing
import TestSupport

/// A small simulated town's radio map and the commands that change it — import, calibrate,
/// forget, forget-import, retention, a learning session, export — each as the built
/// `whereabouts` would be run by a user, for the full-disk and kill tests.
struct MaintenanceScenario: Sendable {
    /// A command that writes to the radio map (or, for export, beside it).
    enum Command: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case importSurvey = "import"
        case calibrate
        case forget
        case forgetImport = "forget-import"
        case retention
        case learn = "watch --learn"
        case export

        var testDescription: String { rawValue }
    }

    /// The map every test starts from: 4,000 rows of the town's survey and its cells.
    let template: String
    /// The next 4,000 rows of the survey, not in the template.
    let moreSurvey: String
    let cells: String
    /// A replay trace with GPS, to learn from.
    let walk: String
    /// An `XDG_CONFIG_HOME` whose config keeps sightings one day (retention drops the survey's).
    let retentionConfigHome: String

    /// Built once per test process, off the pool (`SharedFixture`), in a directory removed when
    /// it exits. Suites reading it carry `.preparing(MaintenanceScenario.shared)`.
    static let shared = SharedFixture("maintenance scenario") { try make() }

    private static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("whereabouts-maintenance-\(ProcessInfo.processInfo.processIdentifier)").path

    private static func make() throws -> MaintenanceScenario {
        atexit { try? FileManager.default.removeItem(atPath: MaintenanceScenario.directory) }
        let town = directory + "/town"
        let simulated = try CommandRunner.whereabouts(["simulate", "--seed", "11", "--size", "tiny", "--out", town], timeout: .seconds(300))
        guard simulated.status == 0 else { throw Failure(description: "simulate: \(simulated.standardError)") }
        let lines = try String(contentsOfFile: town + "/survey.wigle.csv", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix(2).joined(separator: "\n")
        let first = directory + "/first.csv", more = directory + "/more.csv"
        try (header + "\n" + lines[2..<4002].joined(separator: "\n") + "\n").write(toFile: first, atomically: true, encoding: .utf8)
        try (header + "\n" + lines[4002..<8002].joined(separator: "\n") + "\n").write(toFile: more, atomically: true, encoding: .utf8)
        let template = directory + "/template/map.sqlite"
        let imported = try CommandRunner.whereabouts(
            ["import", "--quiet", "--db", template, first, town + "/cells.opencellid.csv"], timeout: .seconds(300))
        guard imported.status == 0 else { throw Failure(description: "import: \(imported.standardError)") }
        let configHome = directory + "/config"
        try FileManager.default.createDirectory(atPath: configHome + "/whereabouts", withIntermediateDirectories: true)
        try "keep_observations_days = 1\n".write(toFile: configHome + "/whereabouts/whereabouts.conf", atomically: true, encoding: .utf8)
        return MaintenanceScenario(
            template: template, moreSurvey: more, cells: town + "/cells.opencellid.csv", walk: town + "/walk.trace.jsonl",
            retentionConfigHome: configHome)
    }

    /// The command line of `command` on `map`; `export` writes to `exportFile`.
    func arguments(_ command: Command, map: String, exportFile: String) -> [String] {
        switch command {
        case .importSurvey: ["import", "--quiet", "--db", map, moreSurvey]
        case .calibrate: ["db", "calibrate", "--db", map]
        case .forget: ["db", "forget", "--db", map, "--before", "2100-01-01"]
        case .forgetImport: ["db", "forget-import", "--db", map, "1"]
        // The cells are imported already: the import is a no-op, then retention runs.
        case .retention: ["import", "--quiet", "--db", map, cells]
        case .learn: ["watch", "--db", map, "--replay", walk, "--speed", "max", "--learn", "--no-calibrate"]
        case .export: ["db", "export", "--db", map, "--format", "wigle", "--output", exportFile]
        }
    }

    /// The environment `command` needs beyond the test's own.
    func environment(_ command: Command) -> [String: String] {
        command == .retention ? ["XDG_CONFIG_HOME": retentionConfigHome] : ["XDG_CONFIG_HOME": Self.directory + "/no-config"]
    }

    /// Copies the template to `path` (with its directory).
    func copyTemplate(to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: template, toPath: path)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
