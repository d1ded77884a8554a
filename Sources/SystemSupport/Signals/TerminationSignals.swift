import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM, caught on a dispatch queue (never by blocking a thread) from the first
/// use to the end of the process, so `watch --learn` writes its last batch before exiting.
///
/// ```swift
/// let status = try await TerminationSignals.shared.untilArrival(interrupted: 0) { try await run() }
/// ```
public final class TerminationSignals: Sendable {
    /// The process's one instance; its first use starts catching the signals.
    public static let shared = TerminationSignals()

    // Set once in init, never changed: kept only so the sources live as long as the process.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]
    private let state = Mutex<(arrived: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private init() {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: .global())
        }
        for source in sources {
            source.setEventHandler { [weak self] in self?.arrive() }
            source.resume()
        }
    }

    /// Returns when a signal arrived; never, if none does (cancel the task to stop waiting).
    public func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.arrived || Task.isCancelled { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            arrive()
        }
    }

    private func arrive() {
        let waiters = state.withLock { state in
            state.arrived = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

extension TerminationSignals {
    /// Runs `body` until it returns or SIGINT/SIGTERM arrives; then cancels it (so its streams
    /// end) and returns `interrupted`.
    public func untilArrival<Result: Sendable>(
        interrupted: Result, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addTask { try await body() }
            group.addTask {
                await self.wait()
                return interrupted
            }
            let first = try await group.next() ?? interrupted
            group.cancelAll()
            return first
        }
    }
}
