import Foundation
import SystemSupport

/// A task executor with one thread of its own, for the few async tests that assert how long
/// something took: code run with `withTaskExecutorPreference(ThreadTaskExecutor.shared)` keeps
/// running when CPU-bound or blocking tests elsewhere hold every thread of Swift's cooperative
/// pool (two on a 2-core machine), so the time it measures is the behaviour's, not the pool's.
///
/// Work on it must not block: it is one thread, shared by every test that uses it.
public final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor shared by the tests of this process.
    public static let shared = ThreadTaskExecutor(name: "test task executor")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(name: String) {
        _ = DedicatedThread(name) { [unowned self] in run() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
