import Geolocation
import PositioningCore

/// Everything a ``GeolocateServer`` is started with.
public struct ServerConfiguration: Sendable {
    /// Where to listen; port 0 picks a free port (read it back from ``GeolocateServer/port``).
    public var listenAddress: ListenAddress
    /// The radio map file; each worker opens it read-only.
    public var databasePath: String
    /// What `POST /v1/geolocate` answers with: by default `locate --request`'s parameters (the
    /// stored calibration, fingerprints and places), looked at again every 5 s so that a `db
    /// calibrate`, an import or `watch --learn` shows while the server runs.
    public var parameters: GeolocationParameters
    /// Whether `POST /v2/geosubmit` stores observations (else 403).
    public var acceptsSubmissions: Bool
    /// Which circle a response's `accuracy` is: 95 % (the geolocate API's promise, the default)
    /// or 68 % (`serve --confidence 68`, for clients that take it as Android's accuracy).
    public var confidence: RadiusConfidence = .percent95
    /// Where access-log lines go; nil means no access log (the default: BSSIDs and positions
    /// are personal data, so nothing about requests is written unless asked for).
    public var accessLog: (@Sendable (String) -> Void)?
    /// Each client's successive requests, so that readings a client repeats from its previous
    /// request are aged (`RequestSequence`; `serve` sets it for GeoClue). Nil takes each
    /// request alone.
    public var requestSequence: RequestSequence?
    /// Fills requests without usable Wi-Fi from the machine's own scan (`--scan-local`).
    public var localScan: (@Sendable () -> [WiFiObservation])?
    /// Answers a loopback client's request that carries no radios (Firefox's first, bodyless
    /// request; GeoClue's `{}`) from this machine's own sources through the location service
    /// (`--local-sources`). Called on a worker thread, which it may block while the sources run.
    public var localSources: (@Sendable () -> LocalSourcesAnswer)?
    /// Head and body limits (16 KiB, 1 MiB).
    public var limits: HTTPRequestHeadParser.Limits
    /// The most `wifiAccessPoints` entries a request may carry.
    public var maximumWiFiEntries: Int
    /// The most `cellTowers` entries a request may carry.
    public var maximumCellEntries: Int
    /// How long a started request may take to arrive in full before a 408.
    public var readTimeout: Duration
    /// How long an idle keep-alive connection is kept open.
    public var idleTimeout: Duration
    /// Open connections beyond this get a 503 and are closed.
    public var maximumConnections: Int
    /// Threads that serve connections, each with its own read-only radio-map connection.
    public var workerCount: Int
    /// The one web origin (`https://maps.example`) whose pages may read answers (CORS) and
    /// send requests (`--allow-origin`); nil allows none: no CORS headers, and a request whose
    /// `Origin` is a web origin is refused.
    public var allowedOrigin: String?

    /// A configuration with the documented defaults.
    public init(
        listenAddress: ListenAddress, databasePath: String,
        parameters: GeolocationParameters = GeolocationParameters(refreshInterval: .seconds(5)),
        acceptsSubmissions: Bool = false, accessLog: (@Sendable (String) -> Void)? = nil,
        localScan: (@Sendable () -> [WiFiObservation])? = nil, limits: HTTPRequestHeadParser.Limits = .init(),
        maximumWiFiEntries: Int = 512, maximumCellEntries: Int = 64, readTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(120), maximumConnections: Int = 1024, workerCount: Int = 2
    ) {
        self.listenAddress = listenAddress
        self.databasePath = databasePath
        self.parameters = parameters
        self.acceptsSubmissions = acceptsSubmissions
        self.accessLog = accessLog
        self.localScan = localScan
        self.limits = limits
        self.maximumWiFiEntries = maximumWiFiEntries
        self.maximumCellEntries = maximumCellEntries
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.workerCount = workerCount
    }
}
