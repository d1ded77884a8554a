import Synchronization

/// Counters shared by every worker thread of a server, read by `GET /v1/stats`.
public final class ServerStatistics: Sendable {
    /// The counters, in the order `/v1/stats` reports them.
    public enum Counter: Int, CaseIterable, Sendable {
        case requests, found, notFound, badRequests, otherErrors, submissionsAccepted, submissionsRejected,
             connectionsAccepted, connectionsRefused, connectionsOpen
    }

    private let values = Mutex([Int](repeating: 0, count: Counter.allCases.count))

    /// Creates zeroed counters.
    public init() {}

    /// Adds `amount` (may be negative) to a counter.
    public func add(_ counter: Counter, _ amount: Int = 1) {
        values.withLock { $0[counter.rawValue] += amount }
    }

    /// A counter's current value.
    public func value(_ counter: Counter) -> Int {
        values.withLock { $0[counter.rawValue] }
    }
}
