import Foundation
import Synchronization

/// Where accepted connections are handed to a worker: whichever worker accepts, connections
/// go round-robin to all of them, so keep-alive clients spread over the cores. A pipe wakes
/// the receiving worker's `poll`.
final class WorkerInbox: Sendable {
    private let pending = Mutex<[(descriptor: Int32, peer: String)]>([])
    /// Polled by the worker; readable when connections are waiting.
    let wakeDescriptor: Int32
    private let signalDescriptor: Int32

    init() throws(ServerError) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw .cannotListen(address: "-", reason: "pipe: \(String(cString: strerror(errno)))", permissionDenied: false)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = descriptors[0]
        signalDescriptor = descriptors[1]
    }

    deinit {
        for connection in pending.withLock({ $0 }) { close(connection.descriptor) }
        close(wakeDescriptor)
        close(signalDescriptor)
    }

    /// Queues an accepted connection for the worker and wakes it.
    func deliver(_ descriptor: Int32, peer: String) {
        pending.withLock { $0.append((descriptor, peer)) }
        var byte: UInt8 = 1
        _ = write(signalDescriptor, &byte, 1)
    }

    /// The connections queued so far (clears the wake-up).
    func take() -> [(descriptor: Int32, peer: String)] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &sink, sink.count) > 0 {}
        return pending.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
    }
}

/// Picks the worker for the next connection, in turn.
final class RoundRobin: Sendable {
    private let next = Mutex(0)
    let count: Int

    init(count: Int) { self.count = count }

    func take() -> Int {
        next.withLock { value in
            defer { value = (value + 1) % count }
            return value
        }
    }
}
