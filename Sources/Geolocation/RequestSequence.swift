import PositioningCore
import Synchronization
import SystemSupport

/// Each client's successive geolocate requests, remembered so that readings a client repeats
/// from its previous request get the age the repeat implies (`RepeatedReadings`).
///
/// `serve` shares one between its workers, on the live clock: its client is the desktop's
/// GeoClue, which posts wpa_supplicant's BSS table after each scan, leftovers included and
/// without ages. Clients are told apart by their address (every local program is one client);
/// the `maximumClients` most recently heard are remembered. `locate --batch --sequence SECONDS`
/// replays one client's logged requests with `spaced`, each request that long after the previous.
///
/// ```swift
/// let sequence = RequestSequence(timing: .live)
/// let engine = try GeolocationEngine(radioMap: map, requestSequence: sequence)  // every worker's geolocator shares it
/// ```
public final class RequestSequence: Sendable {
    /// When each request arrives.
    public enum Timing: Sendable {
        /// As it arrives, on the monotonic clock.
        case live
        /// Each of a client's requests this long after its previous one, the first at zero.
        case spaced(Duration)
    }

    /// One client's history.
    private struct Client {
        var history = RepeatedReadings()
        var requests = 0
        /// When the client was last heard, in requests to the whole sequence.
        var lastHeard = 0
    }

    /// Clients remembered at most; the one heard longest ago is forgotten first.
    public static let maximumClients = 64

    private let timing: Timing
    private let started = MonotonicInstant.now
    private let state = Mutex<(clients: [String: Client], requests: Int)>(([:], 0))

    /// A sequence with no request yet.
    public init(timing: Timing) {
        self.timing = timing
    }

    /// Gives `request`'s repeated readings their age (see `RepeatedReadings`) and remembers
    /// the request as `client`'s latest.
    /// - Parameter client: who sent it (an address without its port); one client by default.
    /// - Returns: how many readings were given an age.
    @discardableResult
    public func supplyAges(to request: inout GeolocateRequest, from client: String = "") -> Int {
        let now = MonotonicInstant.now
        return state.withLock { state in
            state.requests += 1
            if state.clients[client] == nil, state.clients.count >= Self.maximumClients,
               let forgotten = state.clients.min(by: { $0.value.lastHeard < $1.value.lastHeard })?.key {
                state.clients[forgotten] = nil
            }
            var sender = state.clients[client] ?? Client()
            let time: Duration = switch timing {
            case .live: now - started
            case .spaced(let interval): interval * sender.requests
            }
            sender.requests += 1
            sender.lastHeard = state.requests
            let aged = sender.history.supplyAges(to: &request, at: time)
            state.clients[client] = sender
            return aged
        }
    }
}
