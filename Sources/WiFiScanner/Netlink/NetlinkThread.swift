import Foundation

/// Runs blocking netlink work on a thread of its own, off Swift's cooperative pool, and hands
/// the result back through a continuation (DESIGN.md, "Concurrency and I/O").
enum NetlinkThread {
    static func run<Value: Sendable>(
        _ job: @escaping @Sendable () throws(WiFiScanError) -> Value
    ) async throws(WiFiScanError) -> Value {
        let result: Result<Value, WiFiScanError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(WiFiScanError) in try job() })
            }
            thread.name = "nl80211"
            thread.start()
        }
        return try result.get()
    }
}
