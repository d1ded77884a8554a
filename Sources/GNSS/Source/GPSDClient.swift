import Foundation
import PositioningCore
import SystemSupport

/// A gpsd client: connects over TCP, reads the `VERSION` banner, sends
/// `?WATCH={"enable":true,"json":true}` and turns `TPV` reports into `Location`s.
///
/// All socket I/O runs on a dedicated thread per stream, never on Swift's cooperative pool.
/// gpsd sends nothing when no receiver delivers data (no heartbeat), so the client keeps its
/// own deadline and reports `.silent`; a restarted gpsd is reconnected with backoff.
///
/// ```swift
/// let client = GPSDClient(endpoint: GPSDEndpoint(parsing: "127.0.0.1:2947")!)
/// let fix = try await client.firstFix(timeout: .seconds(10))
/// for await event in client.events() { if case .fix(let location) = event { print(location) } }
/// ```
public struct GPSDClient: Sendable {
    /// What happened on the connection, in order.
    public enum Event: Hashable, Sendable {
        /// Connected; gpsd's release from its `VERSION` banner.
        case connected(release: String)
        /// The devices gpsd has (empty: gpsd runs but no receiver is attached).
        case devices([GPSDDevice])
        /// A 2D or 3D fix of a new receiver epoch.
        case fix(Location)
        /// gpsd's further report of the epoch last reported as `.fix` (`GPSDEpochs`): the same
        /// position, perhaps completed (its `time`); not a new reading.
        case revisedFix(Location)
        /// A TPV without a fix (mode 0 = not seen yet, 1 = no fix).
        case noFix(mode: Int)
        /// No fix for `silenceTimeout` seconds (repeated after each further period).
        case silent(seconds: Double)
        /// gpsd reported `DEVICE` with `activated: 0`: the receiver went away.
        case deviceVanished(path: String?)
        /// gpsd sent an `ERROR` object, or refused the JSON watch.
        case gpsdError(message: String)
        /// The connection failed or ended; a reconnect follows after a backoff.
        case disconnected(reason: String)
    }

    /// Tuning of a client; the defaults suit `locate` and `watch`.
    public struct Options: Hashable, Sendable {
        /// Seconds to wait for TCP connect and for the `VERSION` banner.
        public var connectTimeout: Double = 2
        /// Seconds without a fix before `.silent` is reported.
        public var silenceTimeout: Double = 10
        /// First reconnect delay in seconds; doubles per failure up to `maximumBackoff`.
        public var initialBackoff: Double = 0.25
        /// Longest reconnect delay in seconds.
        public var maximumBackoff: Double = 5
        /// The defaults.
        public init() {}
    }

    /// Where gpsd listens.
    public let endpoint: GPSDEndpoint
    /// Timeouts and backoff.
    public let options: Options

    /// Creates a client; nothing connects until `events()`, `firstFix(timeout:)` or `availability()`.
    public init(endpoint: GPSDEndpoint = .standard, options: Options = Options()) {
        self.endpoint = endpoint
        self.options = options
    }

    /// A stream of events that runs until the consumer stops iterating (the connection thread
    /// then closes its socket within about 100 ms).
    public func events() -> AsyncStream<Event> {
        startSession().stream
    }

    /// Opens a session that runs until `close()`: one connection (reconnected with backoff when
    /// gpsd goes away) whose events the owner reads, and whose socket is closed when `close()`
    /// returns. For a service that keeps GPS open while it has observers.
    public func openSession() -> GNSSSession<Event> {
        let stop = StopFlag()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(512))
        continuation.onTermination = { _ in stop.set() }
        let session = GPSDSession(endpoint: endpoint, options: options, stop: stop, continuation: continuation)
        return GNSSSession.start(name: "gpsd \(endpoint)", stop: stop, events: stream) { session.run() }
    }

    /// Waits for the first fix.
    /// - Throws: `GNSSError.unavailable` when gpsd cannot be reached at all,
    ///   `.deviceVanished` / `.gpsdError` / `.noFix` when it answered but gave no position
    ///   within `timeout`.
    public func firstFix(timeout: Duration) async throws(GNSSError) -> Location {
        var options = options
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        options.silenceTimeout = seconds
        let (stream, stop) = GPSDClient(endpoint: endpoint, options: options).startSession()
        defer { stop.set() }
        let deadline = ContinuousClock.now + timeout
        var everConnected = false
        var problem: GNSSError?
        for await event in stream {
            switch event {
            case .fix(let location):
                return location
            case .connected:
                everConnected = true
            case .devices(let devices) where devices.isEmpty:
                problem = .noFix(reason: "gpsd at \(endpoint) has no GPS device")
            case .deviceVanished(let path):
                problem = .deviceVanished(path: path)
            case .gpsdError(let message):
                problem = .gpsdError(message: message)
            case .disconnected(let reason) where !everConnected:
                throw Self.unreachable(endpoint, reason)
            case .silent:
                throw problem ?? .noFix(reason: "gpsd at \(endpoint) sent no fix within \(Self.format(seconds)) s")
            default:
                break
            }
            if ContinuousClock.now >= deadline {
                throw problem ?? .noFix(reason: "no fix from gpsd at \(endpoint) within \(Self.format(seconds)) s")
            }
        }
        throw problem ?? .noFix(reason: "gpsd stream ended")
    }

    /// Whether gpsd is reachable and has a receiver, for `whereabouts status`.
    public func availability() async -> GNSSAvailability {
        let endpoint = endpoint
        let timeout = options.connectTimeout
        return await DedicatedThread.run("gpsd probe") { GPSDSession.probe(endpoint: endpoint, timeout: timeout) }
    }

    func startSession() -> (stream: AsyncStream<Event>, stop: StopFlag) {
        let session = openSession()
        return (session.events, session.stopFlag)
    }

    /// The error for a gpsd that cannot be reached at `endpoint`, with what to do about it.
    public static func unreachable(_ endpoint: GPSDEndpoint, _ reason: String) -> GNSSError {
        .unavailable(
            reason: "gpsd is not reachable at \(endpoint): \(reason)",
            remedy: "start gpsd (e.g. `systemctl start gpsd.socket`) or point to it with --gpsd HOST:PORT "
                + "(config key `gpsd`); a receiver on a serial port can be read directly with --nmea-device PATH")
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
