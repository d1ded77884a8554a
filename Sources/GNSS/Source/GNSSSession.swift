import SystemSupport

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
    private let thread: DedicatedThread<Void>

    private init(events: AsyncStream<Event>, stop: StopFlag, thread: DedicatedThread<Void>) {
        self.events = events
        self.stopFlag = stop
        self.thread = thread
    }

    /// Asks the thread to stop and waits until it has (about 100 ms: it looks at the request
    /// between short `poll` waits); its connection or device is closed when this returns.
    public func close() async {
        stopFlag.set()
        await thread.value
    }

    /// Starts `body` on a thread named `name` and returns the session around it.
    static func start(
        name: String, stop: StopFlag, events: AsyncStream<Event>, _ body: @escaping @Sendable () -> Void
    ) -> GNSSSession {
        GNSSSession(events: events, stop: stop, thread: DedicatedThread(name, body))
    }
}
