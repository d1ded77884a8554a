import Foundation
import GNSS
import JSONCodec
import LocationService
import PositioningCore
import SurveyFormats

/// `whereabouts watch`: continuous updates and region events from live radios or a replayed trace.
enum WatchCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "watch",
        abstract: "Print position updates and region events continuously (live radios or a replayed trace).",
        discussion: """
            Runs the location service until interrupted, --max-updates is reached, or a replayed \
            trace ends. Each epoch tries the sources in order (GPS, cell, Wi-Fi by default), stops \
            at the first fix that meets --desired-accuracy, else keeps the most accurate; a fix is \
            printed when it lies --distance-filter metres from the last one printed. \
            --significant-changes prints only cell- and Wi-Fi-based fixes when the serving cell \
            changes or the access points turn over with about 500 m of movement (no GPS). Each \
            --region is monitored (and remembered for later runs, until --forget-region): its initial state, then entries \
            and exits, which fire only once the position is clear of the boundary by max(10 m, 5 % \
            of the radius) with its uncertainty circle, and after --dwell seconds. With --json, \
            every line is a JSON object: fixes in the geolocate response shape with "type":"fix", \
            region events with "type":"region". --replay plays a trace (scan --record, watch \
            --record, simulate's walk.trace.jsonl) instead of the live radios, at its recorded \
            pace times --speed. With live radios the GPS stays open between epochs (one gpsd \
            session, reconnected when gpsd comes back, or one continuous read of \
            --nmea-device or --nmea) and each epoch takes its latest fix. --nmea-out prints fixes as \
            NMEA GGA/RMC sentences for gpsd (region events then go to standard error). --learn \
            (or learn = true in the config) teaches the radio map from what the radios hear \
            whenever the GPS fix is good enough (≤ 20 m, fresh, not faster than a car), writing \
            in batches and at the end (SIGINT and SIGTERM then stop cleanly); a summary goes to \
            standard error, and with --json a "type":"learning" line ends the output. A map that \
            db calibrate has calibrated is then recalibrated when it holds at most 100,000 \
            sightings, so the learned scans join its kept survey scans (--no-calibrate skips it). \
            db forget-import takes a session back.
            """,
        options: [
            .value("--sources", "LIST", aliases: ["--source"], help: "Sources to try, in order (default gps,cell,wifi)."),
            .value("--desired-accuracy", "M", help: "Metres, or best, ten-metres, hundred-metres, kilometre, three-kilometres (default best)."),
            .value("--distance-filter", "M", help: "Print a fix only this many metres from the last one printed (default: every fix)."),
            .flag("--significant-changes", help: "Only significant changes: serving cell or ≈ 500 m of Wi-Fi movement, no GPS."),
            .value("--region", "ID=LAT,LON,RADIUS", repeatable: true, help: "Monitor a circular region (repeatable; remembered)."),
            .value("--forget-region", "ID", repeatable: true, help: "Stop monitoring a remembered region (repeatable)."),
            .value("--dwell", "SECONDS", help: "Time clear across a region boundary before the event fires (default 0)."),
            .value("--replay", "FILE", help: "Drive the service from a replay trace instead of the live radios."),
            .value("--speed", "X", help: "Replay at X times the recorded pace, or 'max' for no waiting (default 1)."),
            .value("--record", "FILE", help: "Append what the radios read to a replay trace (JSON lines, 0600)."),
            .flag("--nmea-out", help: "Print fixes as NMEA GGA and RMC sentences (for gpsd)."),
            .value("--max-updates", "N", help: "Stop after N fixes."),
            .flag("--learn", help: "Learn the radio map from GPS-tagged scans (default: config learn)."),
            .flag("--no-learn", help: "Do not learn, whatever the config says."),
            .flag("--no-calibrate", help: "With learning: do not recalibrate a calibrated map at the end."),
            .value("--interval", "SECONDS", help: "Live radios: seconds between readings (default 5)."),
            .value("--timeout", "SECONDS", help: "Time budget per live source and reading (default 10)."),
            .value("--gpsd", "HOST:PORT", help: "gpsd to read (default: config gpsd, else 127.0.0.1:2947)."),
            .value("--nmea-device", "PATH", help: "Read NMEA from a serial device instead of gpsd (a log file plays one fix per reading)."),
            .value("--nmea", "tcp://H:P|udp://[A]:P", help: "Read NMEA from a TCP server or UDP datagrams (a phone's GPS-forwarding app) instead of gpsd; UDP listens on loopback unless an address is given."),
            .value("--db", "PATH", help: "Radio map to resolve cells and Wi-Fi with."),
            .flag("--json", help: "Print JSON lines."),
        ],
        usageOverride: [
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

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        guard configuration.enabled else {
            throw CommandFailure(.disabled, "location services are disabled (enabled = false in \(paths.configurationFile))")
        }
        if arguments.flag("--nmea-out") && arguments.flag("--json") {
            throw CommandFailure.usage("--nmea-out and --json cannot be combined")
        }
        var setup = try LiveSetup(arguments, configuration: configuration, paths: paths)
        if let metres = try arguments.number("--distance-filter") {
            guard metres >= 0 else { throw CommandFailure.usage("--distance-filter must not be negative") }
            setup.options.distanceFilter = metres
        }
        if let dwell = try arguments.number("--dwell") {
            guard dwell >= 0 else { throw CommandFailure.usage("--dwell must not be negative") }
            setup.options.regionDwell = dwell
        }
        let regions = try arguments.allValues("--region").map { text throws(CommandFailure) in
            guard let region = CircularRegion(parsing: text) else {
                throw .usage("--region expects ID=LAT,LON,RADIUS with a positive radius in metres, got '\(text)'")
            }
            return region
        }
        var maximumUpdates: Int?
        if let text = arguments.value("--max-updates") {
            guard let count = Int(text), count > 0 else { throw CommandFailure.usage("--max-updates expects a positive whole number") }
            maximumUpdates = count
        }
        // Learning needs the Wi-Fi scan and the cell beside the GPS fix at every epoch.
        setup.options.readsEverySource = try WatchLearning.isRequested(arguments, configuration: configuration)
        let radios = try makeRadios(arguments, setup: setup)
        let manager = setup.manager(radios: radios)
        do {
            for id in arguments.allValues("--forget-region") {
                guard try await manager.stopMonitoring(id: id) else {
                    throw CommandFailure.usage("--forget-region: no region '\(id)' is monitored")
                }
            }
            for region in regions { try await manager.monitor(region) }
        } catch let error as LocationError {
            throw CommandFailure(ExitCode(rawValue: error.exitCode) ?? .failure, error.description)
        }
        let output = WatchOutput(
            context: context, format: arguments.flag("--nmea-out") ? .nmea : arguments.flag("--json") ? .json : .text)
        let (significantOnly, record) = (arguments.flag("--significant-changes"), arguments.value("--record"))
        guard try WatchLearning.isRequested(arguments, configuration: configuration) else {
            return try await watch(
                manager, output: output, significantOnly: significantOnly, record: record, maximumUpdates: maximumUpdates)
        }
        let learning = try await WatchLearning.start(
            manager, databasePath: setup.radioMapPath, replay: arguments.value("--replay"), configuration: configuration,
            recalibrates: !arguments.flag("--no-calibrate"))
        let status: ExitCode
        let limit = maximumUpdates
        do {
            status = try await WatchLearning.untilInterrupted {
                try await watch(
                    manager, output: output, significantOnly: significantOnly, record: record,
                    maximumUpdates: limit)
            }
        } catch {
            _ = await learning.finish(status: .failure, json: false, context: context)
            throw error
        }
        return await learning.finish(status: status, json: arguments.flag("--json"), context: context)
    }

    private static func makeRadios(_ arguments: ParsedArguments, setup: LiveSetup) throws(CommandFailure) -> any Radios {
        guard let path = arguments.value("--replay") else {
            if arguments.value("--speed") != nil { throw .usage("--speed applies to --replay") }
            let interval = try arguments.number("--interval") ?? 5
            guard interval > 0 else { throw .usage("--interval must be positive") }
            return setup.liveRadios(interval: interval)
        }
        if arguments.value("--interval") != nil { throw .usage("--interval applies to the live radios, not --replay") }
        var pace = ReplayRadios.Pace.recorded(speed: 1)
        if let text = arguments.value("--speed") {
            if text == "max" {
                pace = .unpaced
            } else {
                guard let speed = Double(text), speed > 0, speed.isFinite else {
                    throw .usage("--speed expects a positive number or 'max', got '\(text)'")
                }
                pace = .recorded(speed: speed)
            }
        }
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

    /// Consumes the update (or significant-change) stream, the region events and, with
    /// --record, the raw samples, until the updates end or the count is reached.
    private static func watch(
        _ manager: LocationManager, output: WatchOutput, significantOnly: Bool, record: String?, maximumUpdates: Int?
    ) async throws -> ExitCode {
        let hasRegions = await !manager.monitoredRegions.isEmpty
        let subscription = await manager.subscribe(
            significantChangesOnly: significantOnly, regionEvents: hasRegions, samples: record != nil)
        let (updates, regionEvents) = (subscription.updates, subscription.regionEvents)
        // The recorder is not a child of the group below: cancelling it would drop the samples
        // still buffered, and the recording would miss the last fixes' readings.
        let recorder = subscription.samples.flatMap { samples in
            record.map { record in
                Task {
                    for await sample in samples { try ReplayTraceFile.append(ReplayTrace.line(for: sample), to: record) }
                }
            }
        }
        let ended: Result<ExitCode, any Error>
        do {
            ended = .success(try await withThrowingTaskGroup(of: WatchEnd?.self) { group in
                if let regionEvents {
                    group.addTask {
                        // Errors end the updates too, which report them.
                        do { for try await event in regionEvents { output.write(event) } } catch {}
                        return nil
                    }
                }
                group.addTask {
                    var count = 0
                    do {
                        for try await fix in updates {
                            output.write(fix)
                            count += 1
                            if let maximumUpdates, count >= maximumUpdates { return WatchEnd(status: .success, stopsOthers: true) }
                        }
                    } catch let error as LocationError {
                        output.failure(error)
                        return WatchEnd(status: ExitCode(rawValue: error.exitCode) ?? .failure, stopsOthers: true)
                    }
                    // A replayed trace ended: the other streams end with it, after their last events.
                    return WatchEnd(status: .success, stopsOthers: false)
                }
                var result: ExitCode = .success
                while let finished = try await group.next() {
                    if let finished {
                        result = finished.status
                        if finished.stopsOthers { group.cancelAll() }
                    }
                }
                return result
            })
        } catch {
            ended = .failure(error)
        }
        if let recorder {
            await manager.finishSamples()
            try await recorder.value
        }
        return try ended.get()
    }

    /// How the update stream ended.
    private struct WatchEnd: Sendable {
        var status: ExitCode
        /// Whether the other streams must be stopped (they would not end by themselves).
        var stopsOthers: Bool
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
