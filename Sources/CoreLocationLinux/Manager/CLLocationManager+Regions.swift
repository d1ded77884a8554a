import Foundation
import LocationService
import PositioningCore

extension CLLocationManager {
    /// The regions being monitored (restored from the store at creation, as Core Location
    /// keeps them across launches).
    public var monitoredRegions: Set<CLRegion> { Set(regions.values) }

    /// Starts monitoring `region` (replacing one with the same identifier): then
    /// `didStartMonitoringFor`, its state by `didDetermineState` at the first fix, and at each
    /// clear crossing `didDetermineState` followed by `didEnterRegion`/`didExitRegion` (as its
    /// `notifyOnEntry`/`notifyOnExit` allow). A region that is not a `CLCircularRegion`, is
    /// invalid, too large, or one too many (20) gets `monitoringDidFailFor` with
    /// `.regionMonitoringFailure`.
    public func startMonitoring(for region: CLRegion) {
        guard let circular = region as? CLCircularRegion else {
            mailbox.post(.monitoringFailed(region, CLError(.regionMonitoringFailure, reason: "only a CLCircularRegion can be monitored")))
            return
        }
        guard circular.radius <= maximumRegionMonitoringDistance else {
            mailbox.post(.monitoringFailed(region, CLError(
                .regionMonitoringFailure,
                reason: "region \(region.identifier): radius exceeds \(Int(maximumRegionMonitoringDistance)) m")))
            return
        }
        regions[circular.identifier] = circular
        let engine = engine, mailbox = mailbox, monitored = circular.circularRegion
        serially {
            do throws(LocationError) {
                try await engine.monitor(monitored)
                mailbox.post(.monitoringStarted(circular))
            } catch {
                mailbox.post(.monitoringFailed(circular, CLError(error)))
            }
        }
        watchRegionsIfNeeded()
    }

    /// Stops monitoring `region`; no event of it follows.
    public func stopMonitoring(for region: CLRegion) {
        guard regions.removeValue(forKey: region.identifier) != nil else { return }
        let engine = engine, identifier = region.identifier
        serially { _ = try? await engine.stopMonitoring(id: identifier) }
        if regions.isEmpty {
            regionWatch?.cancel()
            regionWatch = nil
            keepRunLoopAlive()
        }
    }

    /// Asks for `region`'s state: one `didDetermineState` (`.unknown` until a fix decided it).
    public func requestState(for region: CLRegion) {
        pendingRequests += 1
        let engine = engine, mailbox = mailbox, identifier = region.identifier
        serially {
            let state = await engine.state(ofRegion: identifier)
            mailbox.post(.regionState(identifier, state ?? .unknown))
        }
        keepRunLoopAlive()
    }

    /// Subscribes to the engine's region events while regions are monitored. A streak of
    /// epochs without a fix ends a subscription; it is renewed (positions may come back), but
    /// not when location services are disabled or denied: then every region fails.
    func watchRegionsIfNeeded() {
        guard regionWatch == nil else { return }
        let engine = engine, mailbox = mailbox
        let first = serially { await engine.regionEvents() }
        regionWatch = Task {
            var stream = await first.value
            while !Task.isCancelled {
                do {
                    for try await event in stream { mailbox.post(.region(event)) }
                    return  // a replayed trace ended
                } catch let error as LocationError {
                    switch error {
                    case .disabled, .denied:
                        mailbox.post(.monitoringFailed(nil, CLError(error)))
                        return
                    default:
                        stream = await engine.regionEvents()
                    }
                } catch {
                    return
                }
            }
        }
        keepRunLoopAlive()
    }
}
