import Foundation
import Synchronization

/// A GNSS reader running on a thread of its own — a gpsd connection (`GPSDClient.openSession()`) or an
/// NMEA device (`NMEAReader.openSession()`) — that its owner reads as a stream and closes explicitly.
///
/// Unlike a stream that is merely dropped, `close()` returns only once the thread has ended, so
/// its socket or device descriptor is closed by then: a long-running service can open and
/// close sessions for as long as it likes without leaking descriptors.
///
/// ```swift
/// let session = GPSDClient(endpoint: .standard).openSession()
/// Task { for await event in session.events { print(event) } }
/// …
/// await session.close()   // the connection is closed when this returns
/// ```
public final class GNSSSession<Event: Sendable>: Sendable {
    /// What the reader reports, in order; it finishes once the thread has ended.
    public let events: AsyncStream<Event>
    /// Set to ask the thread to stop (also set when the stream's consumer stops iterating).
    let stopFlag: StopFlag
    private let completion: ThreadCompletion

    init(events: AsyncStream<Event>, stop: StopFlag, completion: ThreadCompletion) {
        self.events = events
        self.stopFlag = stop
        self.completion = completion
    }

    /// Asks the thread to stop and waits until it has (about 100 ms: it looks at the request
    /// between short `poll` waits); its connection or device is closed when this returns.
    public func close() async {
        stopFlag.set()
        await completion.wait()
    }

    /// Starts `body` on a thread named `name` and returns the session around it.
    static func start(
        name: String, stop: StopFlag, events: AsyncStream<Event>, _ body: @escaping @Sendable () -> Void
    ) -> GNSSSession {
        let completion = ThreadCompletion()
        let thread = Thread {
            body()
            completion.finish()
        }
        thread.name = name
        thread.start()
        return GNSSSession(events: events, stop: stop, completion: completion)
    }
}

/// Lets async code wait until a dedicated thread has finished.
final class ThreadCompletion: Sendable {
    private enum State {
        case running([CheckedContinuation<Void, Never>])
        case finished
    }

    private let state = Mutex(State.running([]))

    /// Marks the thread finished and resumes every waiter.
    func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard case .running(let waiters) = state else { return [] }
            state = .finished
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `finish()` has been called.
    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                guard case .running(let waiters) = state else { return true }
                state = .running(waiters + [continuation])
                return false
            }
            if done { continuation.resume() }
        }
    }
}
