/// Why a GNSS source gave no position.
public enum GNSSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source cannot be used here: gpsd not running, device missing, …
    case unavailable(reason: String, remedy: String)
    /// The source exists but this user may not read it (e.g. a serial port without `dialout`).
    case denied(reason: String, remedy: String)
    /// The source answered but had no position within the deadline (no sky view, silent gpsd).
    case noFix(reason: String)
    /// gpsd reported that the receiver went away (`DEVICE` with `activated: 0`).
    case deviceVanished(path: String?)
    /// gpsd answered a request with an `ERROR` object.
    case gpsdError(message: String)

    public var description: String {
        switch self {
        case .unavailable(let reason, let remedy): "\(reason) (\(remedy))"
        case .denied(let reason, let remedy): "\(reason) (\(remedy))"
        case .noFix(let reason): reason
        case .deviceVanished(let path): "the GPS device \(path ?? "") went away"
        case .gpsdError(let message): "gpsd: \(message)"
        }
    }
}

/// Whether a GNSS source can deliver positions, for `whereabouts status` — the counterpart of
/// Core Location's availability checks.
public enum GNSSAvailability: Hashable, Sendable {
    /// Usable; `detail` says what was found (e.g. `gpsd 3.22 with udp://127.0.0.1:5000`).
    case available(detail: String)
    /// Not usable here, with what to do about it.
    case unavailable(reason: String, remedy: String)
    /// Present but not permitted, with what to do about it.
    case denied(reason: String, remedy: String)
}
