import Foundation
import GNSS
import LocationService
import PositioningCore

/// The options `locate` (live) and `watch` share — sources, desired accuracy, per-source
/// budget, gpsd or NMEA input, radio map — turned into a `LocationManager`.
struct LiveSetup {
    var options = LocationManager.Options()
    var gpsd = GPSDEndpoint.standard
    var nmea: NMEAInput?
    var radioMapPath: String
    var dataDirectory: String

    init(_ arguments: ParsedArguments, configuration: Configuration, paths: StandardPaths) throws(CommandFailure) {
        if let sourceText = arguments.value("--sources") ?? configuration.sources?.joined(separator: ",") {
            switch PositioningSource.parseList(sourceText) {
            case .success(let parsed): options.sources = parsed
            case .failure(let error): throw .usage(error.description)
            }
        }
        let accuracyText = arguments.value("--desired-accuracy") ?? configuration.desiredAccuracy ?? "best"
        guard let desired = DesiredAccuracy(parsing: accuracyText) else {
            throw .usage("--desired-accuracy expects metres or one of: \(DesiredAccuracy.names.keys.sorted().joined(separator: ", "))")
        }
        options.desiredAccuracy = desired
        let timeout = try arguments.number("--timeout") ?? 10
        guard timeout > 0 else { throw .usage("--timeout must be positive") }
        options.sourceBudget = .milliseconds(Int(timeout * 1000))
        options.isEnabled = configuration.enabled
        if let text = arguments.value("--gpsd") ?? configuration.gpsd {
            guard let parsed = GPSDEndpoint(parsing: text) else { throw .usage("--gpsd expects HOST:PORT, got '\(text)'") }
            gpsd = parsed
        }
        nmea = try Self.nmeaInput(arguments, configuration: configuration)
        radioMapPath = paths.databasePath(option: arguments.value("--db"), configuration: configuration)
        dataDirectory = paths.dataDirectory
    }

    /// This machine's radios, an epoch every `interval` seconds.
    func liveRadios(interval: Double = 5) -> LiveRadios {
        LiveRadios(gpsd: gpsd, nmea: nmea, interval: interval)
    }

    /// The NMEA input `--nmea URL` or `--nmea-device PATH` names (not both), else the config's
    /// `nmea_device` (a path, or a `tcp://`/`udp://` URL); nil for gpsd.
    static func nmeaInput(_ arguments: ParsedArguments, configuration: Configuration) throws(CommandFailure) -> NMEAInput? {
        let url = arguments.value("--nmea")
        let path = arguments.value("--nmea-device")
        if url != nil && path != nil { throw .usage("--nmea and --nmea-device cannot be combined") }
        if let url {
            guard let input = NMEAInput(parsing: url) else {
                throw .usage("--nmea expects tcp://HOST:PORT or udp://[ADDRESS]:PORT, got '\(url)'")
            }
            return input
        }
        if let path { return .device(path: path) }
        return configuration.nmeaInput
    }

    /// A manager over `radios`, resolving against the radio map, persisting in the data directory.
    func manager(radios: any Radios, clock: any LocationClock = SystemLocationClock()) -> LocationManager {
        LocationManager(
            options: options, radios: radios, resolver: RadioMapResolver(path: radioMapPath),
            store: LocationStore(directory: dataDirectory), clock: clock)
    }
}
