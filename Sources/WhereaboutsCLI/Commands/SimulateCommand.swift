import Foundation
import PositioningCore
import WorldSimulator

/// `whereabouts simulate`: a deterministic synthetic town to import, query and evaluate.
enum SimulateCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "simulate",
        abstract: "Write a deterministic synthetic town: survey, towers, queries and their true positions.",
        discussion: """
            The town has the traps real survey data has: shadowing, GPS noise, moved access points, \
            phone hotspots that travel with the surveyors, randomized phone addresses and _nomap \
            networks. OUT gets survey.wigle.csv, cells.opencellid.csv, queries.jsonl and truth.jsonl \
            (the format ../shared/tools/score-fixes reads), a walk as a replay trace for watch --replay \
            (walk.trace.jsonl, with walk.truth.jsonl; 15 minutes unless --walk-minutes), a GPS-tagged \
            drive trace to learn from (watch --replay OUT/drive.trace.jsonl --learn, with drive.truth.jsonl), \
            town.json and README.txt. With --scan-cache, each scan of the walk and the drive also reports the \
            access points heard in the last SECONDS that it missed, with their last reading and its age, as \
            the kernel's scan results do (Linux keeps a reading 30 s). The same seed and size always give \
            the same files.
            """,
        options: [
            .value("--seed", "N", help: "Random seed (default 1)."),
            .value("--out", "DIR", help: "Directory to write (created 0700)."),
            .value("--size", "SIZE", help: "tiny, small (default), medium or large."),
            .value("--walk-minutes", "N", help: "Minutes of walk in walk.trace.jsonl (default 15)."),
            .value("--scan-cache", "SECONDS", help: "Walk and drive scans report readings this old too, with their age (default 0; Linux: 30)."),
            .value("--centre", "LAT,LON", aliases: ["--center"], help: "Town centre (default 52.52,13.405)."),
            .value("--opencellid-rows", "N", help: "Instead of a town, write N random cells as OpenCellID CSV (OUT/cells.csv)."),
            .value("--wigle-rows", "N", help: "Instead of a town, write N WiGLE rows (OUT/survey.wigle.csv)."),
            .value("--access-points", "N", help: "Instead of a town, write a list of N access points in clusters of 40 (OUT/aps.csv)."),
            .value("--queries", "M", help: "With --access-points: also write M 30-AP geolocate requests among them (OUT/queries.jsonl)."),
        ],
        examples: [
            "whereabouts simulate --seed 7 --out town7",
            "whereabouts simulate --seed 3 --centre -16.5,179.995 --out fiji",
            "whereabouts simulate --opencellid-rows 1000000 --out bench",
            "whereabouts simulate --access-points 1000000 --queries 100000 --out bench",
            "whereabouts simulate --size tiny --walk-minutes 60 --out soak",
            "whereabouts simulate --seed 2 --scan-cache 30 --out leftovers",
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard let directory = arguments.value("--out") else { throw CommandFailure.usage("--out DIR is required") }
        var seed: UInt64 = 1
        if let text = arguments.value("--seed") {
            guard let parsed = UInt64(text) else { throw CommandFailure.usage("--seed expects a whole number, got '\(text)'") }
            seed = parsed
        }
        var centre = TownSpecification.defaultCentre
        if let text = arguments.value("--centre") {
            centre = try LegacyCoordinateArgument.parse(text, option: "--centre")
        }
        let cellRows = try rowCount(arguments, "--opencellid-rows")
        let wigleRows = try rowCount(arguments, "--wigle-rows")
        let accessPoints = try rowCount(arguments, "--access-points")
        let queries = try rowCount(arguments, "--queries")
        if queries != nil && accessPoints == nil { throw CommandFailure.usage("--queries needs --access-points") }
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
        var size = TownSize.small
        if let name = arguments.value("--size") {
            guard let named = TownSize(named: name) else {
                throw CommandFailure.usage("unknown size '\(name)' (expected \(TownSize.presetNames.joined(separator: ", ")))")
            }
            size = named
        }
        var walkMinutes = 15.0
        if let text = arguments.value("--walk-minutes") {
            guard let minutes = Double(text), minutes > 0, minutes <= 7 * 24 * 60 else {
                throw CommandFailure.usage("--walk-minutes expects a positive number of minutes (at most a week), got '\(text)'")
            }
            walkMinutes = minutes
        }
        var scanCache = 0.0
        if let text = arguments.value("--scan-cache") {
            guard let seconds = Double(text), seconds >= 0, seconds <= 600 else {
                throw CommandFailure.usage("--scan-cache expects seconds from 0 to 600, got '\(text)'")
            }
            scanCache = seconds
        }
        let town = Town(TownSpecification(seed: seed, centre: centre, size: size))
        var writer = TownWriter(town: town, walkDuration: walkMinutes * 60)
        writer.scanCache = scanCache
        let summary = try writer.write(to: directory)
        context.output.line("\(directory): \(summary)")
        return .success
    }

    private static func rowCount(_ arguments: ParsedArguments, _ option: String) throws(CommandFailure) -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let count = Int(text), count > 0 else { throw .usage("\(option) expects a positive whole number, got '\(text)'") }
        return count
    }
}

/// Parses `LAT,LON` command-line values.
enum LegacyCoordinateArgument {
    static func parse(_ text: String, option: String) throws(CommandFailure) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            let coordinate = Coordinate(validating: latitude, longitude)
        else {
            throw .usage("\(option) expects LAT,LON in degrees (e.g. 52.52,13.405), got '\(text)'")
        }
        return coordinate
    }
}
