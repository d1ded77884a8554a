import Dispatch
import Foundation
import GeolocateServer
import LocationService
import PositioningCore
import SurveyFormats
import Synchronization
import SystemSupport

/// `serve --local-sources`: a request that names no radios is answered by the location
/// service from this machine's own sources (GPS → cell → Wi-Fi, or `--sources`), exactly as
/// `locate --json` would answer. One manager is shared by the workers; a fix is reused for
/// 2 s, so a browser's burst of requests does not read the sources once per request.
final class ServeLocalSources: Sendable {
    private let manager: LocationManager
    /// Held while the sources run, so concurrent requests wait for one run and share it.
    private let running = Mutex<(time: MonotonicInstant, answer: LocalSourcesAnswer)?>(nil)
    private static let reuse = Duration.seconds(2)

    init(manager: LocationManager) {
        self.manager = manager
    }

    /// The answer for a request without radios; called on a server worker thread, which it
    /// blocks while the sources run (each within the `--timeout` budget).
    func answer() -> LocalSourcesAnswer {
        running.withLock { latest in
            if let latest, MonotonicInstant.now - latest.time < Self.reuse { return latest.answer }
            let answer = Self.blockingRequest(manager)
            latest = (MonotonicInstant.now, answer)
            return answer
        }
    }

    private static func blockingRequest(_ manager: LocationManager) -> LocalSourcesAnswer {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<LocalSourcesAnswer?>(nil)
        Task.detached {
            let answer: LocalSourcesAnswer
            do throws(LocationError) {
                answer = .fix(FixJSON.response(for: try await manager.requestLocation()))
            } catch {
                answer = .noFix(GeolocateErrorResponse(
                    code: 404, reason: "notFound", message: "Not found", domain: "geolocation",
                    extraFields: ["fallback": .array(error.attempts.map(\.jsonValue))]))
            }
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
