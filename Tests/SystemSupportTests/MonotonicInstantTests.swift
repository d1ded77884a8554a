import Testing

@testable import SystemSupport

@Suite struct MonotonicInstantTests {
    @Test func itKeepsPaceWithTheContinuousClock() {
        // Read inside the continuous clock's readings, so its interval lies within theirs.
        let (continuousStarted, started) = (ContinuousClock.now, MonotonicInstant.now)
        while MonotonicInstant.now - started < .milliseconds(20) {}
        let (elapsed, continuousElapsed) = (MonotonicInstant.now - started, ContinuousClock.now - continuousStarted)
        #expect(elapsed >= .milliseconds(20))
        #expect(elapsed <= continuousElapsed)
        // Apart only by the time between neighbouring readings (a descheduled test thread).
        #expect(continuousElapsed - elapsed < .seconds(5))
    }

    @Test func durationArithmeticAndOrder() {
        let instant = MonotonicInstant(nanoseconds: 5_000_000_000)
        let later = instant + .milliseconds(1500)
        #expect(later.nanoseconds == 6_500_000_000)
        #expect(later - instant == .milliseconds(1500))
        #expect(instant - later == .milliseconds(-1500))
        #expect(instant.duration(to: later) == .milliseconds(1500))
        #expect(later - .milliseconds(1500) == instant)
        #expect(instant < later && later > instant)
        var moving = instant
        moving += .nanoseconds(7)
        moving -= .nanoseconds(2)
        #expect(moving.nanoseconds == 5_000_000_005)
    }

    @Test func aDeadlineFarAwaySaturatesInsteadOfOverflowing() {
        let now = MonotonicInstant.now
        #expect((now + .seconds(Int64.max)).nanoseconds == .max)
        #expect(now + .seconds(Int64.max) > now)
        #expect(MonotonicInstant(nanoseconds: .max) - MonotonicInstant(nanoseconds: .min) == .nanoseconds(Int64.max))
    }
}
