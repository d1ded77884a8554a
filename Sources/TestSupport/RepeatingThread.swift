import Synchronization
import SystemSupport

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
