import ArgumentParsing
import GNSS
import PositioningCore

/// Where the GPS is read: gpsd, an NMEA device or file, or an NMEA network feed — declared
/// once for `status`, `locate` and `watch`.
struct GNSSOptions: ParsableArguments {
    @Option("--gpsd", group: "sources", help: "gpsd to read (default: the config's gpsd, else 127.0.0.1:2947).")
    var gpsd: GPSDEndpoint?
    @Option("--nmea-device", group: "sources", help: "Read NMEA from a serial device or file instead of gpsd.")
    var nmeaDevice: FilePath?
    @Option("--nmea", valueName: "tcp://H:P|udp://[A]:P", group: "sources", help: "Read NMEA from a TCP server or UDP datagrams (a phone's GPS-forwarding app) instead of gpsd; UDP listens on loopback unless an address is given.")
    var nmea: NMEAInput?

    func validate() throws(UsageError) {
        if nmea != nil && nmeaDevice != nil { throw .usage("--nmea and --nmea-device cannot be combined") }
    }

    /// The NMEA input `--nmea URL` or `--nmea-device PATH` names, else the config's
    /// `nmea_device` (a path, or a `tcp://`/`udp://` URL); nil for gpsd.
    func nmeaInput(configuration: Configuration) -> NMEAInput? {
        nmea ?? nmeaDevice.map { .device(path: $0.string) } ?? configuration.nmeaInput
    }
}

/// The live-source options `locate` and `watch` share: which sources, how accurate, how long
/// each may take, and where the GPS is.
struct LiveOptions: ParsableArguments {
    @Option("--sources", "--source", group: "sources", help: "Sources to try, in order (default gps,cell,wifi).")
    var sources: SourceList?
    @Option("--desired-accuracy", valueName: "M", group: "sources", help: "Metres, or best, ten-metres, hundred-metres, kilometre, three-kilometres (default best).")
    var desiredAccuracy: DesiredAccuracy?
    @Option("--timeout", group: "sources", help: "Time budget per live source (default 10).") var timeout: Duration = .seconds(10)
    @OptionGroup var gnss: GNSSOptions

    func validate() throws(UsageError) {
        guard timeout > .zero else { throw .usage("--timeout must be positive") }
    }

    /// The first of these options the command line gave, for commands where they apply only
    /// with another option (`serve --local-sources`).
    var givenOption: String? {
        let given: [(Bool, String)] = [
            ($sources.isGiven, "--sources"), ($desiredAccuracy.isGiven, "--desired-accuracy"), ($timeout.isGiven, "--timeout"),
            (gnss.$gpsd.isGiven, "--gpsd"), (gnss.$nmeaDevice.isGiven, "--nmea-device"), (gnss.$nmea.isGiven, "--nmea"),
        ]
        return given.first { $0.0 }?.1
    }
}

/// `--sources gps,cell,wifi`: positioning sources in the order to try them.
struct SourceList: ExpressibleByArgument {
    var sources: [PositioningSource]

    init(argument: String) throws(ArgumentValueError) {
        switch PositioningSource.parseList(argument) {
        case .success(let sources): self.sources = sources
        case .failure(let error): throw .reason(error.description)
        }
    }
    static var defaultValueName: String { "LIST" }
    static var allValueStrings: [String] { PositioningSource.allCases.map(\.rawValue) }
}

extension DesiredAccuracy: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let desired = DesiredAccuracy(parsing: argument) else {
            throw .message("expects metres or one of: \(DesiredAccuracy.names.keys.sorted().joined(separator: ", "))")
        }
        self = desired
    }
    public static var defaultValueName: String { "M" }
}

extension GPSDEndpoint: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let endpoint = GPSDEndpoint(parsing: argument) else { throw .message("expects HOST:PORT, got '\(argument)'") }
        self = endpoint
    }
    public static var defaultValueName: String { "HOST:PORT" }
}

extension NMEAInput: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        guard let input = NMEAInput(parsing: argument) else {
            throw .message("expects tcp://HOST:PORT or udp://[ADDRESS]:PORT, got '\(argument)'")
        }
        self = input
    }
}
