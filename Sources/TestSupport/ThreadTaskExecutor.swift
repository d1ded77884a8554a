import Foundation
import SystemSupport

/// A task executor with one thread of its own, so async code that sets it as its preference
/// keeps Swift's cooperative pool free — that pool has as many threads as cores (two here),
/// and every async test in the process shares it.
///
/// Two uses:
/// - Tests that assert how long something took run with
///   `withTaskExecutorPreference(ThreadTaskExecutor.shared)`: they keep running when CPU-bound
///   or blocking tests elsewhere hold every pool thread, so the time they measure is the
///   behaviour's, not the pool's. Work on `shared` must not block: it is one thread, shared by
///   every test that uses it.
/// - CPU-bound work a test runs in process (a whole `whereabouts eval` or `import`) runs in
///   `ThreadTaskExecutor.run(_:_:)` on a thread made for it, so it cannot hold a pool thread
///   for minutes and starve the async machinery other tests wait on with deadlines.
public final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor shared by the tests of this process.
    public static let shared = ThreadTaskExecutor(name: "test task executor")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// Set once the work given to `run` has returned: the thread then ends when its queue is empty.
    private var isClosed = false
    private let name: String

    private init(name: String) {
        self.name = name
        _ = DedicatedThread(name) { [self] in drain() }
    }

    /// Runs `body` with a new thread of its own as its task executor, and ends that thread once
    /// `body` has returned. Child tasks and default actors `body` calls run there too (one at
    /// a time); unstructured tasks it starts run on the pool as usual.
    public static func run<Value: Sendable, Failure: Error>(
        _ name: String, _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let executor = ThreadTaskExecutor(name: name)
        defer { executor.close() }
        return try await withTaskExecutorPreference(executor) { () async throws(Failure) -> Value in try await body() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if isClosed {
            // A job after `run` returned (a continuation resumed late): its thread may be gone,
            // so it gets one of its own rather than being lost.
            condition.unlock()
            let executor = asUnownedTaskExecutor()
            _ = DedicatedThread(name) { job.runSynchronously(on: executor) }
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func close() {
        condition.lock()
        isClosed = true
        condition.signal()
        condition.unlock()
    }

    /// Runs the queued jobs in order until the executor is closed and nothing is left.
    private func drain() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isClosed { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
