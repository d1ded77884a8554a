import Dispatch
import Foundation
import PositioningCore
import Synchronization
import SystemSupport

/// One-shot location requests for threads that must block for the answer (`serve
/// --local-sources` answers on its server's worker threads): each asks the manager's
/// `requestLocation()`, concurrent callers wait for one run of the sources and share it, and an
/// answer is reused for `reuse`, so a browser's burst of requests does not read the sources once
/// per request.
///
/// ```swift
/// let shared = SharedLocationRequest(manager: manager)
/// switch shared.location() {   // on a thread that may block, never in async code
/// case .success(let fix): print(fix.location.coordinate)
/// case .failure(let error): print("Error: \(error)")
/// }
/// ```
public final class SharedLocationRequest: Sendable {
    /// The manager asked.
    public let manager: LocationManager
    /// How long an answer is given again without asking the sources.
    public let reuse: Duration
    /// Held while the sources run, so concurrent requests wait for one run and share it.
    private let latest = Mutex<(time: MonotonicInstant, answer: Result<LocationFix, LocationError>)?>(nil)

    /// Requests of `manager`, each answer reused for `reuse`.
    public init(manager: LocationManager, reuse: Duration = .seconds(2)) {
        self.manager = manager
        self.reuse = reuse
    }

    /// The manager's fix, or why there is none: the last answer when it is at most `reuse` old,
    /// else a fresh `requestLocation()` (each source within its budget). Blocks the calling
    /// thread meanwhile: call it from a thread of its own, never from the concurrency pool.
    public func location() -> Result<LocationFix, LocationError> {
        latest.withLock { latest in
            if let latest, MonotonicInstant.now - latest.time < reuse { return latest.answer }
            let answer = Self.blockingRequest(manager)
            latest = (MonotonicInstant.now, answer)
            return answer
        }
    }

    private static func blockingRequest(_ manager: LocationManager) -> Result<LocationFix, LocationError> {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<LocationFix, LocationError>?>(nil)
        Task.detached {
            let answer: Result<LocationFix, LocationError>
            do throws(LocationError) {
                answer = .success(try await manager.requestLocation())
            } catch {
                answer = .failure(error)
            }
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
