import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A point in time a test waits for a condition until, and no longer.
///
/// Tests wait on a condition with a deadline, never sleep-and-hope (STYLE.md, "Tests"). The
/// condition is checked once more after the deadline has passed, so a waiter that the machine
/// descheduled past the deadline still sees a condition that became true meanwhile: a deadline
/// bounds how long a test waits, it must not turn a slow machine into a failure.
public struct Deadline: Sendable {
    /// When waiting ends.
    public let instant: ContinuousClock.Instant

    /// The deadline `timeout` from now.
    public init(after timeout: Duration) {
        instant = .now + timeout
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Checks `condition` every `interval` until it holds (true) or the deadline has passed
    /// (false, after one last check).
    ///
    /// Blocks the calling thread: call it on a `DedicatedThread`, never in an async test body,
    /// where it would hold one of the Swift concurrency pool's few threads (two on a 2-core
    /// machine) and starve every other test in the process.
    public func poll(every interval: Duration = .milliseconds(10), until condition: () -> Bool) -> Bool {
        while !hasPassed {
            if condition() { return true }
            let (seconds, attoseconds) = interval.components
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&pause, nil)
        }
        return condition()
    }

    /// Checks `condition` every `interval` until it holds (true) or the deadline has passed
    /// (false, after one last check), from async code: the checking runs on a
    /// `DedicatedThread`, so the wait holds none of the concurrency pool's threads.
    ///
    /// ```swift
    /// let settled = await Deadline(after: .seconds(30)).wait { ChildTest.openDescriptorCount() <= before }
    /// ```
    public func wait(
        every interval: Duration = .milliseconds(10), until condition: @escaping @Sendable () -> Bool
    ) async -> Bool {
        await DedicatedThread.run("deadline wait") { poll(every: interval, until: condition) }
    }
}
