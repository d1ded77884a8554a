import Foundation
import Synchronization

/// Blocking work (a `poll`, a `waitpid`, a loop feeding a device) run on a thread of its own,
/// whose result an async test awaits without holding a thread of Swift's cooperative pool.
///
/// The pool has as many threads as cores — two on CI — and the whole suite shares them. A
/// blocking call in an async test body holds one of them, and CPU-bound tests elsewhere can
/// hold both for seconds; anything that must happen on time (feeding a fake receiver, noticing
/// that a process exited) therefore runs here. The thread starts at once, in `init`.
///
/// ```swift
/// let exited = DedicatedThread("reap gpsd") { Deadline(after: .seconds(3)).poll { reap() } }
/// let gone = await exited.value
/// ```
public final class DedicatedThread<Value: Sendable>: Sendable {
    private enum State {
        case running(waiters: [CheckedContinuation<Value, Never>])
        case finished(Value)
    }

    private let state = Mutex(State.running(waiters: []))

    /// Starts `body` on a new thread named `name`.
    public init(_ name: String, _ body: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = body()
            let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
                guard case .running(let waiters) = state else { return [] }
                state = .finished(value)
                return waiters
            }
            for waiter in waiters { waiter.resume(returning: value) }
        }
        thread.name = name
        thread.start()
    }

    /// What `body` returned, once it has returned.
    public var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let finished = state.withLock { state -> Value? in
                    switch state {
                    case .finished(let value):
                        return value
                    case .running(let waiters):
                        state = .running(waiters: waiters + [continuation])
                        return nil
                    }
                }
                if let finished { continuation.resume(returning: finished) }
            }
        }
    }
}

/// A loop on a `DedicatedThread` that runs `body` every `interval` until stopped — a fake
/// receiver sending epochs, say — and keeps its pace however busy the concurrency pool is.
public final class RepeatingThread: Sendable {
    private final class StopRequest: Sendable {
        let value = Atomic(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
    }

    private let stopRequest = StopRequest()
    private let thread: DedicatedThread<Void>

    /// Starts calling `body(0)`, `body(1)`, … every `interval`.
    public init(_ name: String, every interval: Duration, _ body: @escaping @Sendable (Int) -> Void) {
        let stopRequest = stopRequest
        thread = DedicatedThread(name) {
            var count = 0
            while !stopRequest.isSet {
                body(count)
                count += 1
                _ = Deadline(after: interval).poll(every: .milliseconds(5)) { stopRequest.isSet }
            }
        }
    }

    /// Asks the loop to stop and returns once `body` has run for the last time, so the caller
    /// may then close what `body` writes to.
    public func stop() async {
        stopRequest.value.store(true, ordering: .releasing)
        await thread.value
    }
}
