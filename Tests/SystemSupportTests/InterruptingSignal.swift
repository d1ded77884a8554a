import Foundation
import Synchronization

@testable import SystemSupport

/// How many SIGUSR2s the test handler has caught.
private let deliveries = Atomic<Int>(0)

/// Interrupts a thread blocked in a system call, as a signal does in real life: SIGUSR2 with a
/// handler installed without `SA_RESTART`, so the call returns `EINTR` instead of resuming.
enum InterruptingSignal {
    /// Installs the handler (once per process; no other test uses SIGUSR2).
    static let installed: Bool = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in deliveries.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return sigaction(SIGUSR2, &action, nil) == 0
    }()

    /// Signals caught so far.
    static var count: Int { deliveries.load(ordering: .acquiring) }

    /// Runs `call` on a thread of its own and signals that thread every 5 ms for `duration`
    /// (so the call is blocked for most of them), then runs `afterwards` and returns what `call`
    /// returned.
    static func interrupt<Value: Sendable>(
        for duration: Duration = .milliseconds(150), _ call: @escaping @Sendable () -> Value,
        afterwards: @escaping @Sendable () -> Void = {}
    ) async -> (value: Value, signals: Int) {
        precondition(installed, "sigaction failed")
        let target = Mutex<pthread_t?>(nil)
        let before = count
        let caller = DedicatedThread("interrupted call") { () -> Value in
            // The test runner starts its threads with signals blocked; this one takes SIGUSR2.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            target.withLock { $0 = pthread_self() }
            return call()
        }
        await DedicatedThread.run("interrupter") {
            let end = ContinuousClock.now + duration
            while ContinuousClock.now < end && !caller.isFinished {
                if let thread = target.withLock({ $0 }) { pthread_kill(thread, SIGUSR2) }
                var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                nanosleep(&pause, nil)
            }
            afterwards()
        }
        let value = await caller.value
        return (value, count - before)
    }
}
