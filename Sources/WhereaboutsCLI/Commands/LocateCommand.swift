import ArgumentParsing
import Foundation
import Geolocation
import PositioningCore
import RadioMap
import SurveyFormats

/// `whereabouts locate`: a position from a geolocate request (`--request`, `--batch`).
struct LocateCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Compute a position from this machine's radios, or from what a request says was heard.",
        discussion: """
            Without --request or --batch, tries the live sources in order (GPS, then the modem's \
            serving cell, then a Wi-Fi scan), stops at the first fix that meets --desired-accuracy, \
            else prints the most accurate one, with the trail of every source tried.

            With --max-age, \
            the last known position (remembered from earlier fixes) is printed instead when it is at \
            most that many seconds old, marked cached ("cached": true in JSON).

            Exit codes: 2 sources \
            ran but found nothing, 69 no source available, 77 permission denied, 78 disabled.

            With --request, reads one geolocate API request (Ichnaea/Google JSON: wifiAccessPoints, \
            cellTowers) and prints the geolocate response: the position, its accuracy in metres (the \
            95 % circle; accuracy68 the 68 % one), the source, and the emitters used and rejected. Not found prints the \
            standard 404 object and exits 2.

            With --batch, reads one request per line and writes \
            exactly one response per line (a bad line gets a 400 parseError object).

            With \
            --sequence SECONDS, the lines are one client's successive requests that far apart, \
            answered in order as serve answers GeoClue's: a reading repeated to the dBm from the \
            line before, while others changed or appeared, is aged from the line that first \
            carried it.

            When the radio map holds places (an imported GeoNames dump), a found position carries "place": \
            the nearest populated place, its admin area and country, and the distance to it.

            With --request, --map FILE.svg also draws the fix, its uncertainty circle and the \
            emitters used and rejected as a self-contained SVG, and --geojson prints a GeoJSON \
            FeatureCollection instead of the response.
            """,
        usage: [
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

    @Option("--request", valueName: "FILE", group: "requests", help: "A geolocate request (JSON); '-' reads standard input.")
    var request: FilePath?
    @Option("--batch", valueName: "FILE", group: "requests", help: "Geolocate requests, one JSON object per line.")
    var batch: FilePath?
    @Option("--sequence", group: "requests", help: "With --batch: the lines are one client's requests, this far apart; repeated readings are aged (as serve does).")
    var sequence: RequestSpacing?
    @Option("--threads", group: "requests", help: "With --batch: threads answering requests, each with its own connection (default: one per core).")
    var threads: ThreadCount?
    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Option("--estimator", help: "whereabouts (default) or ichnaea (Mozilla's published algorithm, for comparison).")
    var estimator = EstimatorChoice.whereabouts
    @OptionGroup var live: LiveOptions
    @Option("--max-age", group: "sources", help: "Accept the last known position if at most this old (printed as cached).")
    var maximumAge: Duration?
    @Flag("--json", help: "Live fix: print the geolocate JSON shape (with its fallback trail) instead of text.") var json: Bool
    @Option("--map", valueName: "FILE.svg", help: "Also draw the fix as an SVG picture (live or --request).") var picture: FilePath?
    @Flag("--geojson", help: "Print the fix as GeoJSON instead of the geolocate response or text (live or --request).")
    var geoJSON: Bool

    func validate() throws(UsageError) {
        guard request == nil || batch == nil else { throw .usage("--request and --batch cannot be combined") }
        guard batch != nil || sequence == nil else {
            throw .usage("--sequence says how far apart the lines of a --batch file are: use it with --batch")
        }
        if batch != nil && (picture != nil || geoJSON) {
            throw .usage("--map and --geojson draw one fix: use them with --request")
        }
        if sequence != nil && threads != nil {
            throw .usage("--sequence answers the lines in order on one thread: drop --threads")
        }
    }

    /// What `--map` and `--geojson` ask for.
    var pictures: FixPictures { FixPictures(svgPath: picture?.string, geoJSON: geoJSON) }

    func run(context: CommandContext) async throws -> ExitCode {
        let request = request?.string
        let batch = batch?.string
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        guard configuration.enabled else {
            throw CommandFailure(.disabled, "location services are disabled (enabled = false in \(paths.configurationFile))")
        }
        if request == nil && batch == nil {
            return try await LiveLocateCommand.run(self, configuration: configuration, paths: paths, context: context)
        }
        let databasePath = paths.databasePath(option: database?.string, configuration: configuration)
        // The factors and the fingerprint index are loaded once, by the engine, and shared by
        // every thread's geolocator.
        let firstConnection = try RadioMap(path: databasePath, mode: .readOnly)
        let parameters = GeolocationParameters(estimator: estimator)
        if let request {
            let geolocator = try GeolocationEngine(radioMap: firstConnection, parameters: parameters)
                .geolocator(using: firstConnection)
            return try Self.locateOne(request, with: geolocator, pictures: pictures, context: context)
        }
        let engine = try GeolocationEngine(radioMap: firstConnection, parameters: parameters, requestSequence: sequence?.sequence)
        let output = context.output
        do {
            try await BatchGeolocation(engine: engine, firstUsing: firstConnection, threads: threads?.count) { output.write($0) }
                .run(batch!)
        } catch let error as BatchGeolocation.UnreadableFile {
            throw CommandFailure(.dataError, error.description)
        }
        return .success
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

/// `--sequence`: seconds between one client's requests, above 0 and at most an hour.
struct RequestSpacing: ExpressibleByArgument {
    var sequence: RequestSequence

    init(argument: String) throws(ArgumentValueError) {
        guard let seconds = Double(argument), seconds > 0, seconds <= 3_600 else {
            throw .message("expects seconds between requests, above 0 and at most 3600, got '\(argument)'")
        }
        sequence = RequestSequence(timing: .spaced(.milliseconds(Int((seconds * 1000).rounded()))))
    }
    static var defaultValueName: String { "SECONDS" }
}

/// `--threads`: a whole number from 1 to 64.
struct ThreadCount: ExpressibleByArgument {
    var count: Int

    init(argument: String) throws(ArgumentValueError) {
        guard let count = Int(argument), (1...64).contains(count) else {
            throw .message("expects a whole number from 1 to 64, got '\(argument)'")
        }
        self.count = count
    }
    static var defaultValueName: String { "N" }
}
