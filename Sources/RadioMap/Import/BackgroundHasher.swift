import Foundation

/// Computes a file's SHA-256 on a thread of its own while the import parses and writes on the
/// calling thread: the machine has two cores, and hashing is a sixth of an import's CPU time.
///
/// Chunks are copied into a queue of at most four, so memory stays bounded; `finalize()` waits
/// for the queue to drain. Dropping the hasher early (a failed import) stops the thread.
final class BackgroundHasher {
    private let state = State()

    init() {
        let state = self.state
        let thread = Thread { state.run() }
        thread.name = "whereabouts.import.sha256"
        thread.start()
    }

    deinit { state.stop() }

    /// Queues a copy of `chunk` for hashing; waits while four chunks are already queued.
    func update(_ chunk: UnsafeBufferPointer<UInt8>) {
        state.enqueue(Array(chunk))
    }

    /// The lowercase hex digest of everything queued.
    func finalize() -> String {
        state.finish()
    }

    /// What the two threads share, guarded by `condition`.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [[UInt8]] = []
        private var isFinished = false
        private var isStopped = false
        private var digest: String?
        private static let queueLimit = 4

        func enqueue(_ chunk: [UInt8]) {
            condition.lock()
            defer { condition.unlock() }
            while queue.count >= Self.queueLimit { condition.wait() }
            queue.append(chunk)
            condition.broadcast()
        }

        func finish() -> String {
            condition.lock()
            defer { condition.unlock() }
            isFinished = true
            condition.broadcast()
            while digest == nil { condition.wait() }
            return digest!
        }

        func stop() {
            condition.lock()
            isStopped = true
            condition.broadcast()
            condition.unlock()
        }

        func run() {
            var hash = SHA256()
            while true {
                condition.lock()
                while queue.isEmpty && !isFinished && !isStopped { condition.wait() }
                if isStopped && digest == nil && !isFinished {
                    condition.unlock()
                    return
                }
                if queue.isEmpty {
                    digest = hash.finalize()
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                let chunk = queue.removeFirst()
                condition.broadcast()
                condition.unlock()
                chunk.withUnsafeBufferPointer { hash.update($0) }
            }
        }
    }
}
