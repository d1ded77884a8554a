import PositioningCore

/// Why the location service gave no position — Core Location's `CLError`, in Swift form.
///
/// ```swift
/// do { let fix = try await manager.requestLocation() }
/// catch { print("Error: \(error)"); exit(error.exitCode) }
/// ```
public enum LocationError: Error, Sendable, CustomStringConvertible {
    /// Location services are switched off (`enabled = false` in the configuration).
    case disabled
    /// Every source that exists refused this user.
    case denied(attempts: [SourceAttempt])
    /// No source can run here (no receiver, no modem, no Wi-Fi, no radio map).
    case noSources(attempts: [SourceAttempt])
    /// Sources ran, but none produced a position (`kCLErrorLocationUnknown`).
    case locationUnknown(attempts: [SourceAttempt])
    /// A region cannot be monitored, or the monitored regions cannot be saved.
    case regionMonitoringFailed(reason: String)

    /// The classification of a fallback run that produced no fix: unknown when a source ran,
    /// denied when every source refused, else no sources.
    public static func noFix(after attempts: [SourceAttempt]) -> LocationError {
        if attempts.contains(where: { $0.outcome == .noFix }) { return .locationUnknown(attempts: attempts) }
        let tried = attempts.filter { $0.outcome != .skipped }
        if !tried.isEmpty && tried.allSatisfy({ $0.outcome == .denied }) { return .denied(attempts: attempts) }
        return .noSources(attempts: attempts)
    }

    /// The sources tried, when the error comes from a fallback run.
    public var attempts: [SourceAttempt] {
        switch self {
        case .denied(let attempts), .noSources(let attempts), .locationUnknown(let attempts): attempts
        case .disabled, .regionMonitoringFailed: []
        }
    }

    /// The process exit status (sysexits, DESIGN.md): 78 disabled, 77 denied, 69 no sources,
    /// 2 location unknown, 1 region monitoring failed.
    public var exitCode: Int32 {
        switch self {
        case .disabled: 78
        case .denied: 77
        case .noSources: 69
        case .locationUnknown: 2
        case .regionMonitoringFailed: 1
        }
    }

    public var description: String {
        switch self {
        case .disabled: "location services are disabled"
        case .denied: "every location source refused permission"
        case .noSources: "no location source is available here"
        case .locationUnknown: "the sources ran but none could fix a position"
        case .regionMonitoringFailed(let reason): "region monitoring failed: \(reason)"
        }
    }
}
