import Foundation
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A thread that runs its Foundation run loop until stopped — the "main thread of an app" for
/// tests of APIs that call back on the run loop of the thread that made them (Core Location's
/// delegate). Work is handed to it with `run(_:)`; `isCurrent` tells a callback whether it
/// runs there.
///
/// ```swift
/// let thread = await RunLoopThread.start("app main")
/// let app = await thread.run { App(environment) }   // made on the thread
/// await thread.run { app.manager.startUpdatingLocation() }
/// await thread.stop()
/// ```
public final class RunLoopThread: Sendable {
    /// What the thread publishes once its run loop exists.
    private final class State: @unchecked Sendable {
        // Written by the thread before `started` is signalled, read only after; RunLoop's
        // timer calls are thread-safe.
        var runLoop: RunLoop?
        var threadID = pthread_self()
        let stopRequested = Atomic(false)
        /// The waiters in an array, not an optional: an optional continuation has a layout the
        /// runtime computes, which Swift 6.3.1's optimiser can get wrong in a class (see
        /// `MonotonicInstant`).
        let started = Mutex<(isStarted: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    }

    private let state: State
    private let thread: DedicatedThread<Void>

    private init(name: String) {
        let state = State()
        self.state = state
        thread = DedicatedThread(name) {
            let runLoop = RunLoop.current
            // A run loop with no timer returns from `run` at once; this one keeps it waiting.
            let keepAlive = Timer(timeInterval: 86_400, repeats: true) { _ in }
            runLoop.add(keepAlive, forMode: .default)
            state.runLoop = runLoop
            state.threadID = pthread_self()
            let waiters = state.started.withLock { started in
                started.isStarted = true
                defer { started.waiters = [] }
                return started.waiters
            }
            for waiter in waiters { waiter.resume() }
            while !state.stopRequested.load(ordering: .acquiring) {
                _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
            keepAlive.invalidate()
        }
    }

    /// Starts a thread named `name` and returns once its run loop runs.
    public static func start(_ name: String) async -> RunLoopThread {
        let thread = RunLoopThread(name: name)
        await withCheckedContinuation { continuation in
            let isStarted = thread.state.started.withLock { started -> Bool in
                if !started.isStarted { started.waiters.append(continuation) }
                return started.isStarted
            }
            if isStarted { continuation.resume() }
        }
        return thread
    }

    /// Whether the caller runs on this thread.
    public var isCurrent: Bool {
        pthread_equal(state.threadID, pthread_self()) != 0
    }

    /// Runs `body` on the thread, from its run loop, and returns what it returns.
    public func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        let runLoop = state.runLoop!
        return await withCheckedContinuation { continuation in
            let timer = Timer(timeInterval: 0, repeats: false) { _ in continuation.resume(returning: body()) }
            runLoop.add(timer, forMode: .default)
        }
    }

    /// Stops the run loop and returns once the thread has ended.
    public func stop() async {
        state.stopRequested.store(true, ordering: .releasing)
        await thread.value
    }
}
