import ArgumentParsing
import Foundation
import PositioningCore
import WorldSimulator

/// `whereabouts simulate`: a deterministic synthetic town to import, query and evaluate.
struct SimulateCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write a deterministic synthetic town: survey, towers, queries and their true positions.",
        discussion: """
            The town has the traps real survey data has: shadowing, GPS noise, moved access points, \
            phone hotspots that travel with the surveyors, randomized phone addresses and _nomap \
            networks.

            OUT gets survey.wigle.csv, cells.opencellid.csv, queries.jsonl and truth.jsonl \
            (the format ../shared/tools/score-fixes reads), a walk as a replay trace for watch --replay \
            (walk.trace.jsonl, with walk.truth.jsonl; 15 minutes unless --walk-minutes), a GPS-tagged \
            drive trace to learn from (watch --replay OUT/drive.trace.jsonl --learn, with drive.truth.jsonl), \
            town.json and README.txt.

            With --scan-cache, each scan of the walk and the drive also reports the \
            access points heard in the last SECONDS that it missed, with their last reading and its age, as \
            the kernel's scan results do (Linux keeps a reading 30 s).

            The same seed and size always give \
            the same files.
            """,
        examples: [
            "whereabouts simulate --seed 7 --out town7",
            "whereabouts simulate --seed 3 --centre -16.5,179.995 --out fiji",
            "whereabouts simulate --opencellid-rows 1000000 --out bench",
            "whereabouts simulate --access-points 1000000 --queries 100000 --out bench",
            "whereabouts simulate --size tiny --walk-minutes 60 --out soak",
            "whereabouts simulate --seed 2 --scan-cache 30 --out leftovers",
        ])

    @Option("--seed", help: "Random seed (default 1).") var seed: UInt64 = 1
    @Option("--out", valueName: "DIR", help: "Directory to write (created 0700).") var out: FilePath
    @Option("--size", help: "tiny, small (default), medium or large.") var size: TownSizeArgument?
    @Option("--walk-minutes", help: "Minutes of walk in walk.trace.jsonl (default 15).") var walkMinutes = WalkMinutes(15)
    @Option("--scan-cache", help: "Walk and drive scans report readings this old too, with their age (default 0; Linux: 30).")
    var scanCache = ScanCacheAge(0)
    @Option("--survey-logging", help: "every-scan (default: a row per network per scan) or wigle-app (rows as the WiGLE app writes them).")
    var surveyLogging: SurveyLogging?
    @Option("--centre", "--center", help: "Town centre (default 52.52,13.405).") var centre: CoordinateArgument?
    @Option("--opencellid-rows", group: "benchmark inputs", help: "Instead of a town, write N random cells as OpenCellID CSV (OUT/cells.csv).")
    var cellRows: PositiveCount?
    @Option("--wigle-rows", group: "benchmark inputs", help: "Instead of a town, write N WiGLE rows (OUT/survey.wigle.csv).")
    var wigleRows: PositiveCount?
    @Option("--access-points", group: "benchmark inputs", help: "Instead of a town, write a list of N access points in clusters of 40 (OUT/aps.csv).")
    var accessPoints: PositiveCount?
    @Option("--queries", valueName: "M", group: "benchmark inputs", help: "With --access-points: also write M 30-AP geolocate requests among them (OUT/queries.jsonl).")
    var queries: PositiveCount?

    func validate() throws(UsageError) {
        if queries != nil && accessPoints == nil { throw .usage("--queries needs --access-points") }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let directory = out.string
        let centre = centre?.coordinate ?? TownSpecification.defaultCentre
        let (cellRows, wigleRows, accessPoints, queries) = (cellRows?.count, wigleRows?.count, accessPoints?.count, queries?.count)
        if cellRows != nil || wigleRows != nil || accessPoints != nil {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let writer = BulkDataWriter(seed: seed, centre: centre)
            if let cellRows {
                let report = try writer.writeOpenCellIDCells(count: cellRows, to: directory + "/cells.csv")
                context.output.line("cells.csv: \(report)")
            }
            if let wigleRows {
                let report = try writer.writeWiGLERows(count: wigleRows, to: directory + "/survey.wigle.csv")
                context.output.line("survey.wigle.csv: \(report)")
            }
            if let accessPoints {
                let report = try writer.writeAccessPointList(count: accessPoints, to: directory + "/aps.csv")
                context.output.line("aps.csv: \(report)")
                if let queries {
                    let report = try writer.writeScanQueries(count: queries, accessPoints: accessPoints, to: directory + "/queries.jsonl")
                    context.output.line("queries.jsonl: \(report)")
                }
            }
            return .success
        }
        let town = Town(TownSpecification(seed: seed, centre: centre, size: size?.size ?? .small))
        var writer = TownWriter(town: town, walkDuration: walkMinutes.minutes * 60)
        writer.scanCache = scanCache.seconds
        writer.surveyLogging = surveyLogging ?? .everyScan
        let summary = try writer.write(to: directory)
        context.output.line("\(directory): \(summary)")
        return .success
    }
}

/// A positive whole number: rows, access points or queries to write, updates to print.
struct PositiveCount: ExpressibleByArgument {
    var count: Int

    init(argument: String) throws(ArgumentValueError) {
        guard let count = Int(argument), count > 0 else { throw .message("expects a positive whole number, got '\(argument)'") }
        self.count = count
    }
    static var defaultValueName: String { "N" }
}

/// `--walk-minutes`: above 0 and at most a week.
struct WalkMinutes: ExpressibleByArgument {
    var minutes: Double

    init(_ minutes: Double) { self.minutes = minutes }

    init(argument: String) throws(ArgumentValueError) {
        guard let minutes = Double(argument), minutes > 0, minutes <= 7 * 24 * 60 else {
            throw .message("expects a positive number of minutes (at most a week), got '\(argument)'")
        }
        self.minutes = minutes
    }
    static var defaultValueName: String { "N" }
}

/// `--scan-cache`: seconds from 0 to 600 that a scan's leftover readings may be old.
struct ScanCacheAge: ExpressibleByArgument {
    var seconds: Double

    init(_ seconds: Double) { self.seconds = seconds }

    init(argument: String) throws(ArgumentValueError) {
        guard let seconds = Double(argument), seconds >= 0, seconds <= 600 else {
            throw .message("expects seconds from 0 to 600, got '\(argument)'")
        }
        self.seconds = seconds
    }
    static var defaultValueName: String { "SECONDS" }
}

/// `--survey-logging`: every-scan or wigle-app.
extension SurveyLogging: ExpressibleByArgument {}

/// `--size`: one of the town presets, tiny to large.
struct TownSizeArgument: ExpressibleByArgument {
    var size: TownSize
    var name: String

    init(argument: String) throws(ArgumentValueError) {
        guard let size = TownSize(named: argument) else { throw .notA(TownSize.presetNames.spelledAsAlternatives) }
        self.size = size
        name = argument
    }
    static var defaultValueName: String { "SIZE" }
    static var allValueStrings: [String] { TownSize.presetNames }
}
