import Foundation

/// Runs blocking work (a SQLite lookup, a file write) on a thread of its own and awaits it, so
/// the location service never holds one of Swift's cooperative threads (two on a 2-core
/// machine) while the disk answers.
enum BlockingWork {
    static func run<Value: Sendable>(_ name: String, _ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = name
            thread.start()
        }
    }
}
