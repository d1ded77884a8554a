import ArgumentParsing
import Foundation
import GNSS
import JSONCodec
import LocationService
import PositioningCore
import SurveyFormats

/// `whereabouts watch`: continuous updates and region events from live radios or a replayed trace.
struct WatchCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print position updates and region events continuously (live radios or a replayed trace).",
        discussion: """
            Runs the location service until interrupted, --max-updates is reached, or a replayed \
            trace ends. Each epoch tries the sources in order (GPS, cell, Wi-Fi by default), stops \
            at the first fix that meets --desired-accuracy, else keeps the most accurate; a fix is \
            printed when it lies --distance-filter metres from the last one printed.

            --significant-changes prints only cell- and Wi-Fi-based fixes when the serving cell \
            changes or the access points turn over with about 500 m of movement (no GPS).

            Each \
            --region is monitored (and remembered for later runs, until --forget-region): its initial state, then entries \
            and exits, which fire only once the position is clear of the boundary by max(10 m, 5 % \
            of the radius) with its uncertainty circle, and after --dwell seconds.

            With --json, \
            every line is a JSON object: fixes in the geolocate response shape with "type":"fix", \
            region events with "type":"region".

            --replay plays a trace (scan --record, watch \
            --record, simulate's walk.trace.jsonl) instead of the live radios, at its recorded \
            pace times --speed.

            With live radios the GPS stays open between epochs (one gpsd \
            session, reconnected when gpsd comes back, or one continuous read of \
            --nmea-device or --nmea) and each epoch takes its latest fix. --nmea-out prints fixes as \
            NMEA GGA/RMC sentences for gpsd (region events then go to standard error).

            --learn \
            (or learn = true in the config) teaches the radio map from what the radios hear \
            whenever the GPS fix is good enough (≤ 20 m, fresh, not faster than a car), writing \
            in batches and at the end (SIGINT and SIGTERM then stop cleanly); a summary goes to \
            standard error, and with --json a "type":"learning" line ends the output. A map that \
            db calibrate has calibrated is then recalibrated when it holds at most 100,000 \
            sightings, so the learned scans join its kept survey scans (--no-calibrate skips it). \
            db forget-import takes a session back.
            """,
        usage: [
            "[--sources LIST] [--desired-accuracy M|best|…] [--distance-filter M] [--significant-changes] "
                + "[--region ID=LAT,LON,RADIUS]… [--dwell S] [--replay FILE [--speed X|max]] [--record FILE] "
                + "[--nmea-out] [--learn|--no-learn [--no-calibrate]] [--max-updates N] [--json]",
        ],
        examples: [
            "whereabouts watch --json",
            "whereabouts watch --replay town/walk.trace.jsonl --speed max --json --region park=52.52,13.405,150",
            "whereabouts watch --nmea-out | gpsd -N -n /dev/stdin",
            "whereabouts watch --significant-changes --json",
            "whereabouts watch --replay town/drive.trace.jsonl --speed max --learn",
            "whereabouts watch --forget-region park --max-updates 1",
        ])

    @OptionGroup var live: LiveOptions
    @Option("--distance-filter", valueName: "M", help: "Print a fix only this many metres from the last one printed (default: every fix).")
    var distanceFilter: Double?
    @Flag("--significant-changes", help: "Only significant changes: serving cell or ≈ 500 m of Wi-Fi movement, no GPS.")
    var significantOnly: Bool
    @Option("--region", group: "regions", help: "Monitor a circular region (repeatable; remembered).") var regions: [CircularRegion]
    @Option("--forget-region", valueName: "ID", group: "regions", help: "Stop monitoring a remembered region (repeatable).")
    var forgottenRegions: [String]
    @Option("--dwell", group: "regions", help: "Time clear across a region boundary before the event fires (default 0).")
    var dwell: Duration?
    @Option("--replay", valueName: "FILE", group: "replay", help: "Drive the service from a replay trace instead of the live radios.")
    var replay: FilePath?
    @Option("--speed", group: "replay", help: "Replay at X times the recorded pace, or 'max' for no waiting (default 1).")
    var speed: ReplaySpeed?
    @Option("--record", valueName: "FILE", help: "Append what the radios read to a replay trace (JSON lines, 0600).") var record: FilePath?
    @Flag("--nmea-out", help: "Print fixes as NMEA GGA and RMC sentences (for gpsd).") var nmeaOut: Bool
    @Option("--max-updates", help: "Stop after N fixes.") var maximumUpdates: PositiveCount?
    @Flag("--learn", inversion: true, group: "learning", help: "Learn the radio map from GPS-tagged scans, or (--no-learn) do not, whatever the config says (default: config learn).")
    var learn: Bool
    @Flag("--calibrate", inversion: true, group: "learning", help: "With learning: recalibrate a calibrated map at the end (default; --no-calibrate skips it).")
    var calibrate = true
    @Option("--interval", help: "Live radios: seconds between readings (default 5).") var interval: Duration?
    @Option("--db", help: "Radio map to resolve cells and Wi-Fi with.") var database: FilePath?
    @Flag("--json", help: "Print JSON lines.") var json: Bool

    func validate() throws(UsageError) {
        if nmeaOut && json { throw .usage("--nmea-out and --json cannot be combined") }
        if let distanceFilter, !(distanceFilter >= 0) { throw .usage("--distance-filter must not be negative") }
        if replay == nil && speed != nil { throw .usage("--speed applies to --replay") }
        if replay != nil && interval != nil { throw .usage("--interval applies to the live radios, not --replay") }
        if let interval, interval <= .zero { throw .usage("--interval must be positive") }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        guard configuration.enabled else {
            throw CommandFailure(.disabled, "location services are disabled (enabled = false in \(paths.configurationFile))")
        }
        var setup = try LiveSetup(live, database: database, configuration: configuration, paths: paths)
        if let distanceFilter { setup.options.distanceFilter = distanceFilter }
        if let dwell { setup.options.regionDwell = dwell.seconds }
        let maximumUpdates = maximumUpdates?.count
        let learns = WatchLearning.isRequested($learn.isGiven ? learn : nil, configuration: configuration)
        // Learning needs the Wi-Fi scan and the cell beside the GPS fix at every epoch.
        setup.options.readsEverySource = learns
        let radios = try makeRadios(setup: setup)
        let manager = setup.manager(radios: radios)
        do {
            for id in forgottenRegions {
                guard try await manager.stopMonitoring(id: id) else {
                    throw CommandFailure.usage("--forget-region: no region '\(id)' is monitored")
                }
            }
            for region in regions { try await manager.monitor(region) }
        } catch let error as LocationError {
            throw CommandFailure(ExitCode(rawValue: error.exitCode) ?? .failure, error.description)
        }
        let output = WatchOutput(context: context, format: nmeaOut ? .nmea : json ? .json : .text)
        let (significantOnly, record) = (significantOnly, record?.string)
        guard learns else {
            return try await Self.watch(
                manager, output: output, significantOnly: significantOnly, record: record, maximumUpdates: maximumUpdates)
        }
        let learning = try await WatchLearning.start(
            manager, databasePath: setup.radioMapPath, replay: replay?.string, configuration: configuration,
            recalibrates: calibrate)
        let status: ExitCode
        let limit = maximumUpdates
        do {
            status = try await WatchLearning.untilInterrupted {
                try await Self.watch(
                    manager, output: output, significantOnly: significantOnly, record: record,
                    maximumUpdates: limit)
            }
        } catch {
            _ = await learning.finish(status: .failure, json: false, context: context)
            throw error
        }
        return await learning.finish(status: status, json: json, context: context)
    }

    private func makeRadios(setup: LiveSetup) throws(CommandFailure) -> any Radios {
        guard let path = replay?.string else {
            return setup.liveRadios(interval: interval?.seconds ?? 5)
        }
        let pace = speed?.pace ?? .recorded(speed: 1)
        let text = path == "-" ? String(decoding: try InputFile.readAll(path), as: UTF8.self) : nil
        do throws(ReplayTraceError) {
            if let text { return ReplayRadios(samples: try ReplayTrace.parse(text), pace: pace) }
            // Streamed: a trace of hours replays in the memory of a few lines.
            return try ReplayRadios(tracePath: path, pace: pace)
        } catch where error.line == 0 {
            throw CommandFailure(.dataError, error.reason)
        } catch {
            throw CommandFailure(.dataError, "\(path): \(error)")
        }
    }

    /// Runs the manager's updates (`UpdateSession`) into `output` and, with --record, its raw
    /// samples into the trace; how they ended is the exit status.
    private static func watch(
        _ manager: LocationManager, output: WatchOutput, significantOnly: Bool, record: String?, maximumUpdates: Int?
    ) async throws -> ExitCode {
        let recordSample = record.map { path in
            { @Sendable (sample: RadioSample) throws in try ReplayTraceFile.append(sample, to: path) }
        }
        let session = UpdateSession(
            significantChangesOnly: significantOnly, maximumUpdates: maximumUpdates, recordSample: recordSample,
            onFix: { output.write($0) }, onRegionEvent: { output.write($0) })
        switch try await session.run(manager) {
        case .updatesEnded, .limitReached:
            return .success
        case .failed(let error):
            output.failure(error)
            return ExitCode(rawValue: error.exitCode) ?? .failure
        }
    }
}

/// Where `watch` prints: JSON lines, text, or NMEA sentences.
struct WatchOutput: Sendable {
    enum Format: Sendable { case json, text, nmea }

    let context: CommandContext
    let format: Format

    func write(_ fix: LocationFix) {
        switch format {
        case .json: context.output.line(FixJSON.response(for: fix, extraFields: ["type": "fix"]).jsonString)
        case .text:
            var line = JSONWriter.iso8601(fix.location.timestamp) + "  " + FixJSON.line(for: fix)
            if let reason = fix.significantChange { line += " — \(reason)" }
            context.output.line(line)
        case .nmea:
            context.output.write(NMEAEncoder.sentences(for: fix.location).map { $0 + "\r\n" }.joined())
        }
    }

    func write(_ event: RegionEvent) {
        switch format {
        case .json: context.output.line(FixJSON.json(for: event))
        case .text: context.output.line(FixJSON.text(for: event))
        case .nmea: context.errors.line(FixJSON.text(for: event))
        }
    }

    func failure(_ error: LocationError) {
        context.errors.line("Error: \(error)")
        for attempt in error.attempts {
            context.errors.line("  \(attempt.source.rawValue): \(attempt.outcome.rawValue)" + (attempt.reason.map { " — \($0)" } ?? ""))
        }
    }
}

/// `--speed`: a positive multiple of the recorded pace, or `max` for no waiting.
struct ReplaySpeed: ExpressibleByArgument {
    var pace: ReplayRadios.Pace

    init(argument: String) throws(ArgumentValueError) {
        if argument == "max" {
            pace = .unpaced
            return
        }
        guard let speed = Double(argument), speed > 0, speed.isFinite else {
            throw .message("expects a positive number or 'max', got '\(argument)'")
        }
        pace = .recorded(speed: speed)
    }
    static var defaultValueName: String { "X" }
}

extension CircularRegion: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let region = CircularRegion(parsing: argument) else {
            throw .message("expects ID=LAT,LON,RADIUS with a positive radius in metres, got '\(argument)'")
        }
        self = region
    }
    public static var defaultValueName: String { "ID=LAT,LON,RADIUS" }
}
