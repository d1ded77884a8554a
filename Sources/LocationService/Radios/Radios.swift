import Foundation
import PositioningCore

/// What one source gave when it was read.
public enum RadioReading: Sendable {
    /// A satellite fix.
    case gnss(Location)
    /// The cells the modem hears, serving cell first.
    case cells([CellObservation])
    /// The access points of a Wi-Fi scan.
    case accessPoints([WiFiObservation])
    /// Nothing: the source is `.unavailable`, `.denied`, or ran without result (`.noFix`).
    case failed(SourceAttempt.Outcome, reason: String)
}

/// The machine's radios as the location service sees them: a pace of epochs (moments at which
/// reading them is worthwhile) and one read per source.
///
/// Two implementations: `LiveRadios` (gpsd or an NMEA device, ModemManager, nl80211) and
/// `ReplayRadios` (a recorded or simulated trace, paced by a `LocationClock`). Tests and demos
/// use the second; the service cannot tell them apart.
public protocol Radios: Sendable {
    /// Waits until the next epoch is due and returns its time; nil when there will be none
    /// (the end of a replayed trace).
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func nextEpoch() async throws -> Date?
    /// Powers the sources up for continuous updates: an observer needs readings every epoch
    /// until `stop()`. Reads outside `start()`…`stop()` (a one-shot `requestLocation()`) are
    /// one bounded attempt each.
    func start() async
    /// Reads `source` once, within `budget`.
    func read(_ source: PositioningSource, budget: Duration) async -> RadioReading
    /// Reads the Wi-Fi without triggering a scan — what the kernel's scan cache already holds
    /// — for the radio-quiet significant-change path.
    func readCachedWiFi(budget: Duration) async -> RadioReading
    /// Powers the sources down: no observer needs them any more.
    func stop() async
}

extension Radios {
    /// Nothing to power up by default.
    public func start() async {}

    /// By default the same as a Wi-Fi read (a replayed scan is what it is).
    public func readCachedWiFi(budget: Duration) async -> RadioReading {
        await read(.wifi, budget: budget)
    }
}

/// Turns what radios heard into a position: the radio-map lookup and estimator.
public protocol PositionResolver: Sendable {
    /// The estimate for `request` at `time`, nil when nothing heard is known.
    /// - Throws: when the radio map cannot be read (the reason becomes the source's trail entry).
    func estimate(_ request: GeolocateRequest, at time: Date) throws -> (PositionEstimate, EstimationInput)?
}
