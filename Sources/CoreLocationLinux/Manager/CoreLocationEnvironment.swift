import Foundation
import GNSS
import LocationService
import PositioningCore

/// What a `CLLocationManager` runs on — the Linux part of the module, which Apple's framework
/// does not have: the radios, the radio map that turns cell and Wi-Fi readings into positions,
/// where the last position and the regions persist, and the clock.
///
/// `CLLocationManager()` uses `system()`: this machine's radios and the radio map, data
/// directory and settings of `whereabouts.conf`. Tests and demos pass replayed radios:
///
/// ```swift
/// let radios = try ReplayRadios(tracePath: "walk.trace.jsonl", pace: .unpaced)
/// let manager = CLLocationManager(environment: CoreLocationEnvironment(
///     radios: radios, resolver: RadioMapResolver(path: "map.sqlite")))
/// ```
public struct CoreLocationEnvironment: Sendable {
    /// The engine's options; `desiredAccuracy` and `distanceFilter` are the manager's to set.
    public var options: LocationManager.Options
    /// Live or replayed radios.
    public var radios: any Radios
    /// Turns cell and Wi-Fi readings into positions (nil: GPS only).
    public var resolver: (any PositionResolver)?
    /// Where the last known position and the monitored regions persist (nil: nowhere).
    public var store: LocationStore?
    /// The time source.
    public var clock: any LocationClock
    /// The radio map whose imported places `CLGeocoder` searches.
    public var radioMapPath: String?
    /// Why the configuration could not be used (location services are then disabled).
    public var configurationProblem: String?

    /// An environment over the given parts.
    public init(
        options: LocationManager.Options = LocationManager.Options(), radios: any Radios,
        resolver: (any PositionResolver)? = nil, store: LocationStore? = nil,
        clock: any LocationClock = SystemLocationClock(), radioMapPath: String? = nil
    ) {
        self.options = options
        self.radios = radios
        self.resolver = resolver
        self.store = store
        self.clock = clock
        self.radioMapPath = radioMapPath
    }

    /// This machine as `whereabouts locate` and `watch` see it: the configuration file's
    /// `enabled`, `sources`, `gpsd` and `nmea_device`, live radios, the radio map (`WHEREABOUTS_DB`,
    /// `database`, or the default) and the data directory. A configuration that cannot be read
    /// disables location services, with the reason in `configurationProblem`.
    ///
    /// `WHEREABOUTS_REPLAY=TRACE.jsonl` replaces the live radios by a replayed trace (as
    /// `watch --replay`), at `WHEREABOUTS_REPLAY_SPEED` times the recorded pace (0: as fast as
    /// it goes; default 1), so an unchanged iOS program can run on a recorded or simulated walk.
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> CoreLocationEnvironment {
        let paths = StandardPaths(environment: environment)
        var problem: String?
        let configuration: WhereaboutsConfiguration
        do {
            configuration = try paths.loadConfiguration()
        } catch {
            problem = error.description
            var disabled = WhereaboutsConfiguration()
            disabled.enabled = false
            configuration = disabled
        }
        var options = LocationManager.Options()
        options.isEnabled = configuration.enabled
        if let names = configuration.sources, case .success(let sources) = PositioningSource.parseList(names.joined(separator: ",")) {
            options.sources = sources
        }
        let gpsd = configuration.gpsd.flatMap(GPSDEndpoint.init(parsing:)) ?? .standard
        let mapPath = paths.databasePath(option: nil, configuration: configuration)
        var radios: any Radios = LiveRadios(gpsd: gpsd, nmea: configuration.nmeaInput)
        if let trace = environment["WHEREABOUTS_REPLAY"], !trace.isEmpty {
            let speed = environment["WHEREABOUTS_REPLAY_SPEED"].flatMap(Double.init) ?? 1
            do {
                radios = try ReplayRadios(tracePath: trace, pace: speed > 0 ? .recorded(speed: speed) : .unpaced)
            } catch {
                problem = "WHEREABOUTS_REPLAY: \(error)"
                options.isEnabled = false
            }
        }
        var system = CoreLocationEnvironment(
            options: options, radios: radios,
            resolver: RadioMapResolver(path: mapPath), store: LocationStore(directory: paths.dataDirectory),
            radioMapPath: mapPath)
        system.configurationProblem = problem
        return system
    }
}
