import Foundation
import LocationService
import PositioningCore

extension CLLocationManager {
    /// Something for the delegate, posted from the engine's side to the manager's run loop.
    enum Delivery: Sendable {
        /// Which request a location or failure belongs to.
        enum Origin: Sendable {
            case standard(session: Int)
            case significant(session: Int)
            case request
        }

        case authorization
        case locations([Location], kind: Origin)
        case failure(CLError, kind: Origin)
        case region(RegionEvent)
        case regionState(String, RegionMonitor.State)
        case monitoringStarted(CLRegion)
        case monitoringFailed(CLRegion?, CLError)
    }

    /// Calls the delegate for `delivery`, on the manager's run loop.
    func deliver(_ delivery: Delivery) {
        switch delivery {
        case .authorization:
            delegate?.locationManagerDidChangeAuthorization(self)
            delegate?.locationManager(self, didChangeAuthorization: authorizationStatus)
        case .locations(let locations, let origin):
            guard isCurrent(origin) else { return }
            let converted = locations.map(CLLocation.init)
            location = converted.last ?? location
            delegate?.locationManager(self, didUpdateLocations: converted)
        case .failure(let error, let origin):
            guard isCurrent(origin) else { return }
            delegate?.locationManager(self, didFailWithError: error)
        case .region(let event):
            guard let region = regions[event.regionID] else { return }
            switch event.kind {
            case .inside, .outside:
                delegate?.locationManager(self, didDetermineState: event.kind == .inside ? .inside : .outside, for: region)
            case .enter:
                delegate?.locationManager(self, didDetermineState: .inside, for: region)
                if region.notifyOnEntry { delegate?.locationManager(self, didEnterRegion: region) }
            case .exit:
                delegate?.locationManager(self, didDetermineState: .outside, for: region)
                if region.notifyOnExit { delegate?.locationManager(self, didExitRegion: region) }
            }
        case .regionState(let identifier, let state):
            finishRequest()
            guard let region = regions[identifier] else { return }
            let converted: CLRegionState =
                switch state {
                case .unknown: .unknown
                case .inside: .inside
                case .outside: .outside
                }
            delegate?.locationManager(self, didDetermineState: converted, for: region)
        case .monitoringStarted(let region):
            guard regions[region.identifier] === region else { return }
            delegate?.locationManager(self, didStartMonitoringFor: region)
        case .monitoringFailed(let region, let error):
            if let region {
                if regions[region.identifier] === region { regions[region.identifier] = nil }
            } else {
                regions = [:]
            }
            if regions.isEmpty {
                regionWatch?.cancel()
                regionWatch = nil
                keepRunLoopAlive()
            }
            delegate?.locationManager(self, monitoringDidFailFor: region, withError: error)
        }
    }

    /// Whether a delivery still belongs to a running request (a one-shot request is finished by it).
    private func isCurrent(_ origin: Delivery.Origin) -> Bool {
        switch origin {
        case .standard(let session): return updates != nil && session == updateSession
        case .significant(let session): return significantChanges != nil && session == significantSession
        case .request:
            finishRequest()
            return true
        }
    }

    private func finishRequest() {
        pendingRequests -= 1
        keepRunLoopAlive()
    }
}
