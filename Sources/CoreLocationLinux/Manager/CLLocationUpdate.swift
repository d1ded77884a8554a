import Foundation
import LocationService
import PositioningCore

/// One update of the async form of Core Location (`CLLocationUpdate`, iOS 17): a position, or,
/// when the epoch gave none, why (`locationUnavailable`, `authorizationDenied`).
///
/// ```swift
/// for try await update in CLLocationUpdate.liveUpdates() {
///     guard let location = update.location else { continue }
///     print(location.coordinate)
/// }
/// ```
public struct CLLocationUpdate: Sendable {
    /// The position, nil when this epoch gave none.
    public let location: CLLocation?
    /// Whether the device is not moving: a known speed under 0.5 m/s.
    public let isStationary: Bool
    /// The iOS 18 name of `isStationary`.
    public var stationary: Bool { isStationary }
    /// No source could fix a position this epoch.
    public let locationUnavailable: Bool
    /// Location services are disabled, or every source refused this user.
    public let authorizationDenied: Bool
    /// False: Linux grants no reduced accuracy (see `CLLocationManager.accuracyAuthorization`).
    public var accuracyLimited: Bool { false }

    init(_ event: LocationManager.UpdateEvent) {
        switch event {
        case .fix(let fix):
            location = CLLocation(fix.location)
            isStationary = fix.location.speed >= 0 && fix.location.speed < 0.5
            locationUnavailable = false
            authorizationDenied = false
        case .failure(let error):
            location = nil
            isStationary = false
            switch error {
            case .disabled, .denied:
                locationUnavailable = false
                authorizationDenied = true
            default:
                locationUnavailable = true
                authorizationDenied = false
            }
        }
    }

    /// The kind of movement the updates are for; accepted for source compatibility (the
    /// engine always uses the best sources it has).
    public enum LiveConfiguration: Sendable {
        case `default`, automotiveNavigation, otherNavigation, fitness, airborne
    }

    /// Updates from this machine's radios (`CoreLocationEnvironment.system()`), one per epoch,
    /// for as long as the caller iterates.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        liveUpdates(configuration, environment: .system())
    }

    /// Updates from `environment`'s radios (a replayed walk in tests and demos), one per epoch;
    /// the sequence ends when a replayed trace does.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default, environment: CoreLocationEnvironment) -> Updates {
        Updates(environment: environment)
    }

    /// The updates, as an `AsyncSequence`; each iteration runs the sources of its own.
    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate
        let environment: CoreLocationEnvironment

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(
                engine: LocationManager(
                    options: environment.options, radios: environment.radios, resolver: environment.resolver,
                    store: environment.store, clock: environment.clock))
        }

        /// Reads the updates one by one.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let engine: LocationManager
            var events: AsyncStream<LocationManager.UpdateEvent>.Iterator?

            /// The next update; nil when a replayed trace has ended.
            public mutating func next() async throws -> CLLocationUpdate? {
                if events == nil { events = await engine.updateEvents().makeAsyncIterator() }
                guard let event = await events?.next() else { return nil }
                return CLLocationUpdate(event)
            }
        }
    }
}
