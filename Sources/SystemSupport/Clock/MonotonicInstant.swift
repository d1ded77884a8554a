#if canImport(Glibc)
    import Glibc
#endif

/// A point in time on the system's monotonic clock: nanoseconds as a plain integer.
///
/// It exists because `ContinuousClock.Instant` is a resilient standard-library struct (not
/// `@frozen`): a class that stores one has field offsets the runtime computes when it first
/// sets up the class's metadata, and Swift 6.3.1's optimiser can read such an offset before
/// then, while it is still 0, and write the field over the object's header — a release-built
/// `serve` had its first worker report a garbage uptime and crash at exit
/// (`tools/compiler-bugs/resilient-field-offset.swift`). This struct's layout is fixed at
/// compile time, so classes store it safely; `ClassLayoutTests` keeps every class that way.
///
/// It is an `InstantProtocol`, so it compares and takes `Duration` arithmetic as
/// `ContinuousClock.Instant` does. Like `CLOCK_MONOTONIC`, it does not advance while the machine
/// is suspended.
///
/// ```swift
/// let started = MonotonicInstant.now
/// let deadline = started + .seconds(2)
/// if MonotonicInstant.now >= deadline { print("took \(started.duration(to: .now))") }
/// ```
public struct MonotonicInstant: InstantProtocol, Sendable {
    /// Nanoseconds since an unspecified start (the machine's boot).
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the clock's start.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The current instant. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    public static var now: MonotonicInstant {
        var time = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid timespec (clock_gettime(2)).
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// The instant `duration` later (earlier when negative); saturates rather than overflows,
    /// so `now + .seconds(Int64.max)` is a deadline that never passes.
    public func advanced(by duration: Duration) -> MonotonicInstant {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(Self.nanoseconds(in: duration))
        guard overflow else { return MonotonicInstant(nanoseconds: sum) }
        return MonotonicInstant(nanoseconds: duration < .zero ? .min : .max)
    }

    /// How long from `self` to `other` (negative when `other` is earlier).
    public func duration(to other: MonotonicInstant) -> Duration {
        let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
        guard overflow else { return .nanoseconds(difference) }
        return other.nanoseconds < nanoseconds ? .nanoseconds(Int64.min) : .nanoseconds(Int64.max)
    }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `duration` after `instant`: `instant.advanced(by: duration)`.
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant.advanced(by: duration)
    }

    /// The instant `duration` before `instant`.
    public static func - (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        instant.advanced(by: .zero - duration)
    }

    /// How long after `earlier` `later` is: `earlier.duration(to: later)`.
    public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        earlier.duration(to: later)
    }

    /// Moves `instant` `duration` later.
    public static func += (instant: inout MonotonicInstant, duration: Duration) {
        instant = instant + duration
    }

    /// Moves `instant` `duration` earlier.
    public static func -= (instant: inout MonotonicInstant, duration: Duration) {
        instant = instant - duration
    }

    /// `duration` in whole nanoseconds (truncated toward zero), saturated to `Int64`.
    private static func nanoseconds(in duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard overflow || overflowAgain else { return total }
        return seconds < 0 ? .min : .max
    }
}
