import Foundation

/// Where the location service takes the time from: the system clock in use, a `ManualClock`
/// in tests, so every timing decision (update pacing, replay speed, last-fix age) is
/// deterministic there.
public protocol LocationClock: Sendable {
    /// The current time.
    var now: Date { get }
    /// Suspends until `deadline` (returns at once when it has passed).
    /// - Throws: `CancellationError` when the task is cancelled meanwhile.
    func sleep(until deadline: Date) async throws
}

/// The system's wall clock; sleeping uses `Task.sleep`, so it never blocks a thread.
public struct SystemLocationClock: LocationClock {
    /// Creates the clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .milliseconds(Int((seconds * 1000).rounded(.up))))
    }
}
