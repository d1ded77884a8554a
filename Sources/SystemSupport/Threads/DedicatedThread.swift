import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Blocking work — a `poll`, a SQLite query, a `waitpid`, a loop reading a device — on a thread
/// of its own, whose result async code awaits without holding one of Swift's cooperative
/// threads (as many as there are cores: two here) while it runs.
///
/// The thread starts in `init`. Async code awaits `value`; a synchronous owner (a worker pool
/// shutting down) calls `wait()`. Most callers want `run(_:_:)`, which starts the work and
/// awaits it in one step.
///
/// ```swift
/// let rows = await DedicatedThread.run("radio map lookup") { map.accessPoints(for: bssids) }
/// let reader = DedicatedThread("gpsd reader") { session.readUntilStopped() }
/// …
/// await reader.value   // the reader has returned, its socket is closed
/// ```
public final class DedicatedThread<Value: Sendable>: Sendable {
    private enum State {
        case running(waiters: [CheckedContinuation<Value, Never>])
        case finished(Value)
    }

    // NSCondition rather than a Mutex: `wait()` blocks on it.
    private let condition = NSCondition()
    nonisolated(unsafe) private var state = State.running(waiters: [])

    /// Starts `body` on a new thread named `name`: its Foundation `Thread.name`, and the
    /// system's name (the first 15 bytes), which `gdb`, `top -H` and `/proc` show.
    public init(_ name: String, _ body: @escaping @Sendable () -> Value) {
        let systemName = Self.systemName(name)
        let thread = Thread { [self] in
            Self.nameCurrentThread(systemName)
            finish(with: body())
        }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on a new thread named `name` and returns what it returns (or throws what it
    /// throws) once it has.
    @discardableResult
    public static func run<Failure: Error>(
        _ name: String, _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let thread = DedicatedThread<Result<Value, Failure>>(name) { Result { () throws(Failure) -> Value in try body() } }
        return try await thread.value.get()
    }

    /// What the thread's work returned, once it has returned.
    public var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                condition.lock()
                switch state {
                case .finished(let value):
                    condition.unlock()
                    continuation.resume(returning: value)
                case .running(let waiters):
                    state = .running(waiters: waiters + [continuation])
                    condition.unlock()
                }
            }
        }
    }

    /// Blocks the calling thread until the work has returned, and gives what it returned. Never
    /// call it from async code: await `value` there.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .finished(let value) = state { return value }
            condition.wait()
        }
    }

    /// Whether the work has returned.
    public var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        if case .finished = state { return true }
        return false
    }

    /// `name` cut to the 15 bytes a Linux thread name holds, at a character boundary.
    static func systemName(_ name: String) -> String {
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= 15 else { break }
            cut.append(character)
        }
        return cut
    }

    /// Sets the calling thread's system name through `/proc/thread-self/comm` (glibc's
    /// `pthread_setname_np` is not visible to Swift); a name that cannot be set is left as it was.
    private static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = Array(name.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    private func finish(with value: Value) {
        condition.lock()
        guard case .running(let waiters) = state else {
            condition.unlock()
            return
        }
        state = .finished(value)
        condition.broadcast()
        condition.unlock()
        for waiter in waiters { waiter.resume(returning: value) }
    }
}
