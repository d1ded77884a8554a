import PositioningCore
import Synchronization

/// One client's successive geolocate requests, remembered so that readings it repeats from its
/// previous request get the age the repeat implies (`RepeatedReadings`).
///
/// `serve` shares one between its workers, on the live clock: its client is the desktop's
/// GeoClue, which posts wpa_supplicant's BSS table after each scan, leftovers included and
/// without ages. `locate --batch --sequence SECONDS` replays such a client's logged requests
/// with `spaced`, each request that long after the previous.
///
/// ```swift
/// let sequence = RequestSequence(timing: .live)
/// locator.requestSequence = sequence  // every worker's locator, the same sequence
/// ```
public final class RequestSequence: Sendable {
    /// When each request arrives.
    public enum Timing: Sendable {
        /// As it arrives, on the monotonic clock.
        case live
        /// Each request this long after the previous one, the first at zero.
        case spaced(Duration)
    }

    private let timing: Timing
    private let started = ContinuousClock.now
    private let state = Mutex<(history: RepeatedReadings, requests: Int)>((RepeatedReadings(), 0))

    /// A sequence with no request yet.
    public init(timing: Timing) {
        self.timing = timing
    }

    /// Gives `request`'s repeated readings their age (see `RepeatedReadings`) and remembers
    /// the request as the client's latest.
    /// - Returns: how many readings were given an age.
    @discardableResult
    public func supplyAges(to request: inout GeolocateRequest) -> Int {
        let now = ContinuousClock.now
        return state.withLock { state in
            let time: Duration = switch timing {
            case .live: now - started
            case .spaced(let interval): interval * state.requests
            }
            state.requests += 1
            return state.history.supplyAges(to: &request, at: time)
        }
    }
}
