import Foundation
import Synchronization
import Testing
import TestSupport

@testable import SystemSupport

@Suite struct DeadlineTests {
    @Test func anAwaitedConditionThatComesTrueEndsTheWait() async {
        final class Flag: Sendable { let value = Atomic<Bool>(false) }
        let flag = Flag()
        let setter = DedicatedThread("set the flag") {
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
            flag.value.store(true, ordering: .releasing)
        }
        // On a thread of its own, so the time measured is the wait's, not the busy pool's.
        await withTaskExecutorPreference(ThreadTaskExecutor.shared) {
            let started = ContinuousClock.now
            #expect(await Deadline(after: .seconds(60)).wait(every: .milliseconds(5)) { flag.value.load(ordering: .acquiring) })
            #expect(ContinuousClock.now - started < .seconds(30))
        }
        await setter.value
    }

    @Test func anAwaitedConditionThatNeverHoldsEndsAtTheDeadline() async {
        let started = ContinuousClock.now
        #expect(await Deadline(after: .milliseconds(80)).wait { false } == false)
        #expect(ContinuousClock.now - started >= .milliseconds(80))
    }
}
