import Dispatch
import PositioningCore
import Synchronization
import SystemSupport
import WiFiScanner

/// The machine's own Wi-Fi scan for callers on plain threads (`serve --scan-local`'s
/// workers): one scan shared by all of them and reused while it is younger than `lifetime`, so
/// a burst of requests does not trigger a burst of scans.
///
/// ```swift
/// let observations = SharedWiFiScan.shared.observations()   // blocks while a scan runs
/// ```
public final class SharedWiFiScan: Sendable {
    /// The process's shared scan, reused for 10 s.
    public static let shared = SharedWiFiScan(lifetime: .seconds(10))
    /// How long a scan's observations are handed out again.
    public let lifetime: Duration
    private let cache = Mutex<(time: MonotonicInstant, observations: [WiFiObservation])?>(nil)

    public init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// The latest scan's observations (none when the scan failed). It blocks the calling
    /// thread while a scan runs on the scanner's own netlink thread, so it must not be called
    /// from a Swift concurrency thread.
    public func observations() -> [WiFiObservation] {
        if let cached = cache.withLock({ $0 }), MonotonicInstant.now - cached.time < lifetime {
            return cached.observations
        }
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<[WiFiObservation]>([])
        Task.detached {
            let scan = try? await WiFiScanner().scan(mode: .fresh, timeout: .seconds(8))
            result.withLock { $0 = scan?.observations ?? [] }
            done.signal()
        }
        done.wait()
        let observations = result.withLock { $0 }
        cache.withLock { $0 = (MonotonicInstant.now, observations) }
        return observations
    }
}
