import Foundation
import Geolocation
import PositioningCore
import RadioMap
import SurveyFormats

/// `whereabouts locate`: a position from a geolocate request (`--request`, `--batch`).
enum LocateCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "locate",
        abstract: "Compute a position from this machine's radios, or from what a request says was heard.",
        discussion: """
            Without --request or --batch, tries the live sources in order (GPS, then the modem's \
            serving cell, then a Wi-Fi scan), stops at the first fix that meets --desired-accuracy, \
            else prints the most accurate one, with the trail of every source tried. With --max-age, \
            the last known position (remembered from earlier fixes) is printed instead when it is at \
            most that many seconds old, marked cached ("cached": true in JSON). Exit codes: 2 sources \
            ran but found nothing, 69 no source available, 77 permission denied, 78 disabled.

            With --request, reads one geolocate API request (Ichnaea/Google JSON: wifiAccessPoints, \
            cellTowers) and prints the geolocate response: the position, its accuracy in metres (the \
            95 % circle; accuracy68 the 68 % one), the source, and the emitters used and rejected. Not found prints the \
            standard 404 object and exits 2. With --batch, reads one request per line and writes \
            exactly one response per line (a bad line gets a 400 parseError object). With \
            --sequence SECONDS, the lines are one client's successive requests that far apart, \
            answered in order as serve answers GeoClue's: a reading repeated to the dBm from the \
            line before, while others changed or appeared, is aged from the line that first \
            carried it. When the radio map holds places (an imported GeoNames dump), a found position carries "place": \
            the nearest populated place, its admin area and country, and the distance to it. \
            With --request, --map FILE.svg also draws the fix, its uncertainty circle and the \
            emitters used and rejected as a self-contained SVG, and --geojson prints a GeoJSON \
            FeatureCollection instead of the response.
            """,
        options: [
            .value("--request", "FILE", help: "A geolocate request (JSON); '-' reads standard input."),
            .value("--batch", "FILE", help: "Geolocate requests, one JSON object per line."),
            .value("--sequence", "SECONDS", help: "With --batch: the lines are one client's requests, this far apart; repeated readings are aged (as serve does)."),
            .value("--threads", "N", help: "With --batch: threads answering requests, each with its own connection (default: one per core)."),
            .value("--db", "PATH", help: "Radio map to read (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .value("--estimator", "NAME", help: "whereabouts (default) or ichnaea (Mozilla's published algorithm, for comparison)."),
            .value("--sources", "LIST", aliases: ["--source"], help: "Live sources to try, in order (default gps,cell,wifi)."),
            .value("--desired-accuracy", "M", help: "Metres, or best, ten-metres, hundred-metres, kilometre, three-kilometres (default best)."),
            .value("--timeout", "SECONDS", help: "Time budget per live source (default 10)."),
            .value("--max-age", "SECONDS", help: "Accept the last known position if at most this old (printed as cached)."),
            .value("--gpsd", "HOST:PORT", help: "gpsd to read (default: config gpsd, else 127.0.0.1:2947)."),
            .value("--nmea-device", "PATH", help: "Read NMEA from a serial device or file instead of gpsd."),
            .value("--nmea", "tcp://H:P|udp://[A]:P", help: "Read NMEA from a TCP server or UDP datagrams (a phone's GPS-forwarding app) instead of gpsd; UDP listens on loopback unless an address is given."),
            .flag("--json", help: "Live fix: print the geolocate JSON shape (with its fallback trail) instead of text."),
            .value("--map", "FILE.svg", help: "Also draw the fix as an SVG picture (live or --request)."),
            .flag("--geojson", help: "Print the fix as GeoJSON instead of the geolocate response or text (live or --request)."),
        ],
        usageOverride: [
            "[--sources gps,cell,wifi] [--desired-accuracy M|best|…] [--timeout S] [--max-age S] [--gpsd H:P] [--nmea-device PATH | --nmea tcp://H:P | udp://[A]:P] [--json|--geojson] [--map FILE.svg]",
            "--request FILE|- [--db PATH] [--estimator NAME] [--map FILE.svg] [--geojson]",
            "--batch FILE.jsonl [--db PATH] [--estimator NAME] [--threads N | --sequence SECONDS]",
        ],
        examples: [
            "whereabouts locate --request scan.json",
            "echo '{\"wifiAccessPoints\":[{\"macAddress\":\"00:11:22:33:44:55\",\"signalStrength\":-60}]}' | whereabouts locate --request -",
            "whereabouts locate --batch queries.jsonl > fixes.jsonl",
            "whereabouts locate --request scan.json --map fix.svg",
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let estimator = try estimatorChoice(arguments.value("--estimator"))
        let request = arguments.value("--request")
        let batch = arguments.value("--batch")
        guard request == nil || batch == nil else { throw CommandFailure.usage("--request and --batch cannot be combined") }
        guard batch != nil || arguments.value("--sequence") == nil else {
            throw CommandFailure.usage("--sequence says how far apart the lines of a --batch file are: use it with --batch")
        }
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        guard configuration.enabled else {
            throw CommandFailure(.disabled, "location services are disabled (enabled = false in \(paths.configurationFile))")
        }
        if request == nil && batch == nil {
            return try await LiveLocateCommand.run(arguments, configuration: configuration, paths: paths, context: context)
        }
        let databasePath = paths.databasePath(option: arguments.value("--db"), configuration: configuration)
        // The factors and the fingerprint index are loaded once, by the engine, and shared by
        // every thread's geolocator.
        let firstConnection = try RadioMap(path: databasePath, mode: .readOnly)
        let parameters = GeolocationParameters(estimator: estimator)
        if let request {
            let pictures = FixPictures(svgPath: arguments.value("--map"), geoJSON: arguments.flag("--geojson"))
            let geolocator = try GeolocationEngine(radioMap: firstConnection, parameters: parameters)
                .geolocator(using: firstConnection)
            return try locateOne(request, with: geolocator, pictures: pictures, context: context)
        }
        if arguments.value("--map") != nil || arguments.flag("--geojson") {
            throw CommandFailure.usage("--map and --geojson draw one fix: use them with --request")
        }
        let sequence = try requestSequence(arguments.value("--sequence"))
        if sequence != nil && arguments.value("--threads") != nil {
            throw CommandFailure.usage("--sequence answers the lines in order on one thread: drop --threads")
        }
        let threads = sequence == nil ? try threadCount(arguments.value("--threads")) : 1
        let engine = try GeolocationEngine(radioMap: firstConnection, parameters: parameters, requestSequence: sequence)
        let geolocators = try [engine.geolocator(using: firstConnection)]
            + (1..<threads).map { _ in try engine.makeGeolocator() }
        // One snapshot for every worker: an import committing meanwhile shows in none of the
        // answers rather than in some of them.
        let maps = geolocators.map(\.radioMap)
        try RadioMap.beginSharedSnapshot(maps)
        defer { maps.forEach { $0.endSnapshot() } }
        let output = context.output
        do {
            try await BatchGeolocation(geolocators: geolocators) { output.write($0) }.run(batch!)
        } catch let error as BatchGeolocation.UnreadableFile {
            throw CommandFailure(.dataError, error.description)
        }
        return .success
    }

    /// `--sequence`: seconds between one client's requests, above 0 and at most an hour.
    private static func requestSequence(_ text: String?) throws(CommandFailure) -> RequestSequence? {
        guard let text else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
            throw .usage("--sequence expects seconds between requests, above 0 and at most 3600, got '\(text)'")
        }
        return RequestSequence(timing: .spaced(.milliseconds(Int((seconds * 1000).rounded()))))
    }

    /// `--threads`: a whole number from 1 to 64; by default one per core.
    private static func threadCount(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        guard let count = Int(text), (1...64).contains(count) else {
            throw .usage("--threads expects a whole number from 1 to 64, got '\(text)'")
        }
        return count
    }

    /// `--estimator NAME`: whereabouts (the default) or ichnaea.
    static func estimatorChoice(_ name: String?) throws(CommandFailure) -> EstimatorChoice {
        do {
            return try EstimatorChoice(named: name ?? EstimatorChoice.whereabouts.rawValue)
        } catch {
            throw .usage(error.description)
        }
    }

    private static func locateOne(
        _ path: String, with geolocator: Geolocator, pictures: FixPictures, context: CommandContext
    ) throws -> ExitCode {
        let bytes = try InputFile.readAll(path)
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(bytes)
        } catch {
            context.output.line(GeolocateErrorResponse(error).jsonString)
            return .dataError
        }
        let answer = try geolocator.answer(to: request)
        if pictures.geoJSON, let geoJSON = GeolocationPictures.geoJSON(for: answer) {
            context.output.line(geoJSON)
        } else {
            context.output.line(GeolocateJSON.string(for: answer))
        }
        try pictures.writeSVG(for: answer)
        return answer.isFound ? .success : .locationUnknown
    }
}
