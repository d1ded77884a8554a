import ArgumentParsing
import Foundation
import GeolocateServer
import Geolocation
import LocationService
import PositioningCore
import SystemSupport
import WiFiScanner

/// `whereabouts serve`: the local geolocate API (Ichnaea/Google shape) for GeoClue and every
/// other client of that API.
struct ServeCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer geolocate API requests over HTTP from the local radio map.",
        discussion: """
            POST /v1/geolocate answers like `locate --request` (a ?key=… query is ignored; \
            considerIp is ignored: there is no IP database).

            A request with no usable emitters, \
            such as the {} GeoClue sends without Wi-Fi or Firefox's bodyless first request, gets 404 \
            notFound — unless --scan-local fills it from this machine's own Wi-Fi scan, or \
            --local-sources answers it (loopback clients only) from this machine's own sources \
            through the location service, as `locate --json` would: GPS, then the modem's cell, \
            then Wi-Fi (--sources, --timeout, --gpsd, --nmea… as for locate); 404 with the trail \
            of what each source did when none fixes.

            Requests are taken as one client's \
            successive scans, as GeoClue sends them: a reading repeated to the dBm from the \
            previous request, while others changed or appeared, is a leftover the latest scan missed, and is \
            aged from the request that first carried it.

            POST /v1/country answers the country of the cells' MCC or of the position, as \
            Ichnaea does. POST /v1/submit (GeoClue 2.6), /v1/geosubmit and /v2/geosubmit store \
            observations with --accept-submissions. GET /health and GET /v1/stats report on the \
            server.

            Listens on loopback only unless --allow-remote is given. Nothing about requests is \
            logged unless --log is given: BSSIDs and positions are personal data. Stops on \
            SIGTERM or SIGINT.
            """,
        examples: [
            "whereabouts serve",
            "whereabouts serve --listen 127.0.0.1:8088 --accept-submissions",
            "curl -s -d '{\"wifiAccessPoints\":[…]}' http://127.0.0.1:8088/v1/geolocate",
        ])

    @Option("--listen", valueName: "ADDR:PORT", help: "Address to listen on (default 127.0.0.1:8088; port 0 picks a free one).")
    var address = ListenAddress.defaultAddress
    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Flag("--allow-remote", help: "Allow a non-loopback listen address (other machines can then ask).") var allowsRemote: Bool
    @Flag("--accept-submissions", help: "Store observations POSTed to /v1/submit, /v1/geosubmit and /v2/geosubmit in the radio map.")
    var acceptsSubmissions: Bool
    @Flag("--scan-local", help: "Fill requests without Wi-Fi from this machine's own nl80211 scan.") var scansLocally: Bool
    @Flag("--local-sources", help: "Answer a loopback request that names no radios from this machine's own GPS, modem and Wi-Fi (as locate does); the SOURCES OPTIONS apply to it.")
    var usesLocalSources: Bool
    @OptionGroup var live: LiveOptions
    @Flag("--log", help: "Write an access log line per request to standard error.") var logs: Bool
    @Option("--allow-origin", help: "Let pages of this web origin (https://host[:port]) use the API (CORS); none by default.")
    var allowedOrigin: WebOrigin?
    @Option("--estimator", valueName: "NAME", help: "whereabouts (default) or ichnaea.") var estimator = EstimatorChoice.whereabouts
    @Option("--confidence", valueName: "68|95", help: "Which circle `accuracy` is: 95 (default, the geolocate API's) or 68 (Android's).")
    var confidence = RadiusConfidence.percent95

    func validate() throws(UsageError) {
        if !usesLocalSources, let option = live.givenOption {
            throw .usage("\(option) says how --local-sources reads this machine's sources: use it with --local-sources")
        }
        if !address.isLoopback && !allowsRemote {
            throw .usage("\(address) is not a loopback address; other machines could ask where this one is (add --allow-remote to allow it)")
        }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        if !address.isLoopback {
            context.errors.line("Warning: listening on \(address): any machine that can reach it can ask for positions")
        }
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        guard configuration.enabled else {
            throw CommandFailure(.disabled, "location services are disabled (enabled = false in \(paths.configurationFile))")
        }
        let databasePath = paths.databasePath(option: database?.string, configuration: configuration)
        if configuration.learn {
            context.errors.line("Note: learn = true applies to watch; serve does not learn (run whereabouts watch --learn beside it)")
        }
        let errors = context.errors
        var accessLog: (@Sendable (String) -> Void)?
        if logs { accessLog = { @Sendable line in errors.line(line) } }
        var localScan: (@Sendable () -> [WiFiObservation])?
        if scansLocally { localScan = { @Sendable in SharedWiFiScan.shared.observations() } }
        var localSources: SharedLocationRequest?
        if usesLocalSources {
            // Answered exactly as `locate --json` answers, one run of the sources per 2 s.
            let setup = try LiveSetup(live, database: database, configuration: configuration, paths: paths)
            localSources = SharedLocationRequest(manager: setup.manager(radios: setup.liveRadios()))
        }
        // Answers as `locate --request` does (stored calibration, places, fingerprints), loaded
        // again when `db calibrate`, an import or `watch --learn` changes them.
        var serverConfiguration = ServerConfiguration(
            listenAddress: address, databasePath: databasePath,
            parameters: GeolocationParameters(estimator: estimator, refreshInterval: .seconds(5)),
            acceptsSubmissions: acceptsSubmissions, accessLog: accessLog, localScan: localScan,
            workerCount: min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)))
        if let localSources {
            serverConfiguration.localSources = { @Sendable in
                switch localSources.location() {
                case .success(let fix): .fix(FixJSON.response(for: fix))
                case .failure(let error): .noFix(FixJSON.notFound(after: error.attempts))
                }
            }
        }
        serverConfiguration.allowedOrigin = allowedOrigin?.origin
        // GeoClue posts wpa_supplicant's BSS table without ages; what it repeats from its last
        // request is what the latest scan missed.
        serverConfiguration.requestSequence = RequestSequence(timing: .live)
        serverConfiguration.confidence = confidence
        let server: GeolocateServer
        do {
            server = try GeolocateServer(configuration: serverConfiguration)
        } catch {
            switch error {
            case .cannotListen(_, _, let permissionDenied):
                throw CommandFailure(permissionDenied ? .permissionDenied : .unavailable, error.description)
            case .radioMap(let reason):
                throw CommandFailure(.dataError, reason)
            }
        }
        let shown = ListenAddress(host: address.host, port: server.port)
        context.errors.line("Listening on http://\(shown)/v1/geolocate (radio map \(databasePath))")
        await TerminationSignals.shared.wait()
        server.stop()
        return .success
    }
}

extension ListenAddress: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let address = ListenAddress(parsing: argument) else {
            throw .message("expects ADDR:PORT with a numeric address, e.g. 127.0.0.1:8088 or [::1]:8088")
        }
        self = address
    }
    public static var defaultValueName: String { "ADDR:PORT" }
}

extension RadiusConfidence: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let confidence = Int(argument).flatMap(RadiusConfidence.init(rawValue:)) else {
            throw .message("expects 68 or 95, not \"\(argument)\"")
        }
        self = confidence
    }
    public static var allValueStrings: [String] { ["68", "95"] }
}

/// `--allow-origin`: a web origin, `http(s)://host[:port]` without a path.
struct WebOrigin: ExpressibleByArgument {
    var origin: String

    init(argument: String) throws(ArgumentValueError) {
        guard argument.hasPrefix("http://") || argument.hasPrefix("https://"),
            argument.split(separator: "/", omittingEmptySubsequences: false).count <= 3
        else { throw .message("expects a web origin such as https://maps.example or http://localhost:8000 (no path)") }
        origin = argument
    }
    static var defaultValueName: String { "ORIGIN" }
}
