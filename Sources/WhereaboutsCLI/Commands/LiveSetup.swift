import ArgumentParsing
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

    /// The options as given, else the config's values (which are checked here, as the
    /// options were when parsed).
    init(_ live: LiveOptions, database: FilePath?, configuration: Configuration, paths: StandardPaths) throws(CommandFailure) {
        if let sources = live.sources {
            options.sources = sources.sources
        } else if let configured = configuration.sources {
            options.sources = try Self.configured(SourceList.self, configured.joined(separator: ","), option: "--sources").sources
        }
        if let desired = live.desiredAccuracy {
            options.desiredAccuracy = desired
        } else {
            let configured = configuration.desiredAccuracy ?? "best"
            options.desiredAccuracy = try Self.configured(DesiredAccuracy.self, configured, option: "--desired-accuracy")
        }
        options.sourceBudget = live.timeout
        options.isEnabled = configuration.enabled
        if let endpoint = live.gnss.gpsd {
            gpsd = endpoint
        } else if let configured = configuration.gpsd {
            gpsd = try Self.configured(GPSDEndpoint.self, configured, option: "--gpsd")
        }
        nmea = live.gnss.nmeaInput(configuration: configuration)
        radioMapPath = paths.databasePath(option: database?.string, configuration: configuration)
        dataDirectory = paths.dataDirectory
    }

    /// A config value read as the option it stands in for would be.
    private static func configured<Value: ExpressibleByArgument>(
        _ type: Value.Type, _ text: String, option: String
    ) throws(CommandFailure) -> Value {
        do {
            return try Value(argument: text)
        } catch {
            throw .usage(error.message(name: option, text: text))
        }
    }

    /// This machine's radios, an epoch every `interval` seconds.
    func liveRadios(interval: Double = 5) -> LiveRadios {
        LiveRadios(gpsd: gpsd, nmea: nmea, interval: interval)
    }

    /// A manager over `radios`, resolving against the radio map, persisting in the data directory.
    func manager(radios: any Radios, clock: any LocationClock = SystemLocationClock()) -> LocationManager {
        LocationManager(
            options: options, radios: radios, resolver: RadioMapResolver(path: radioMapPath),
            store: LocationStore(directory: dataDirectory), clock: clock)
    }
}
