import Foundation
import LocationService
import PositioningCore
import RadioMap
import SystemSupport

/// What a geocoding request hands back: placemarks, or an error (a `CLError`).
public typealias CLGeocodeCompletionHandler = ([CLPlacemark]?, (any Error)?) -> Void

/// Forward and reverse geocoding against the places imported into the radio map (`whereabouts
/// import cities500.txt admin1CodesASCII.txt countryInfo.txt`), as Core Location's `CLGeocoder`
/// — offline, so nothing leaves the machine. Completion handlers run on the run loop of the
/// thread that made the geocoder.
///
/// ```swift
/// let geocoder = CLGeocoder()
/// geocoder.reverseGeocodeLocation(fix) { placemarks, error in
///     print(placemarks?.first?.locality ?? "nowhere known")
/// }
/// let matches = try await geocoder.geocodeAddressString("Potsdam")
/// ```
///
/// Errors: `.geocodeFoundNoResult` when no imported place matches (or none is imported),
/// `.network` when the radio map cannot be read (the lookup service is unreachable),
/// `.geocodeCanceled` after `cancelGeocode()`.
open class CLGeocoder: NSObject {
    private enum Delivery: Sendable {
        case finished(id: Int, Result<[CLPlacemark], CLError>)
    }

    private let radioMapPath: String
    private let mailbox = RunLoopMailbox<Delivery>()
    private var handlers: [Int: (CLGeocodeCompletionHandler, Task<Void, Never>)] = [:]
    private var nextID = 0
    /// The geocoder itself while a request runs: `CLGeocoder().reverseGeocodeLocation(…) { … }`
    /// works without the caller keeping the geocoder, as on Apple's platforms.
    private var retainedWhileBusy: CLGeocoder?

    /// A geocoder over this machine's radio map (`WHEREABOUTS_DB`, `database`, or the default).
    public override convenience init() {
        self.init(radioMapPath: CoreLocationEnvironment.system().radioMapPath ?? "")
    }

    /// A geocoder over the radio map at `radioMapPath`.
    public init(radioMapPath: String) {
        self.radioMapPath = radioMapPath
        super.init()
        mailbox.setHandler { [weak self] delivery in self?.finish(delivery) }
    }

    /// Whether a request with a completion handler is running.
    open var isGeocoding: Bool { !handlers.isEmpty }

    /// The populated place nearest `location`, as one placemark.
    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping CLGeocodeCompletionHandler) {
        let path = radioMapPath, coordinate = location.coreCoordinate
        start(completionHandler) { () async throws(CLError) -> [CLPlacemark] in try await Self.reverse(coordinate, in: path) }
    }

    /// The populated place nearest `location`, as one placemark.
    /// - Throws: `CLError` (`.geocodeFoundNoResult`, `.network`).
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        try await Self.reverse(location.coreCoordinate, in: radioMapPath)
    }

    /// Places named like `addressString` (exact names first, then by population), at most ten.
    open func geocodeAddressString(_ addressString: String, completionHandler: @escaping CLGeocodeCompletionHandler) {
        let path = radioMapPath
        start(completionHandler) { () async throws(CLError) -> [CLPlacemark] in try await Self.forward(addressString, in: path) }
    }

    /// Places named like `addressString` (exact names first, then by population), at most ten.
    /// - Throws: `CLError` (`.geocodeFoundNoResult`, `.network`).
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
        try await Self.forward(addressString, in: radioMapPath)
    }

    /// Cancels the running requests: their handlers get `.geocodeCanceled`.
    open func cancelGeocode() {
        let running = handlers
        handlers = [:]
        retainedWhileBusy = nil
        for (handler, task) in running.values {
            task.cancel()
            handler(nil, CLError(.geocodeCanceled, reason: "the geocode was cancelled"))
        }
        mailbox.keepRunning(false)
    }

    private func start(_ handler: @escaping CLGeocodeCompletionHandler, _ lookup: @escaping @Sendable () async throws(CLError) -> [CLPlacemark]) {
        nextID += 1
        let id = nextID, mailbox = mailbox
        let task = Task {
            do throws(CLError) {
                mailbox.post(.finished(id: id, .success(try await lookup())))
            } catch {
                mailbox.post(.finished(id: id, .failure(error)))
            }
        }
        handlers[id] = (handler, task)
        retainedWhileBusy = self
        mailbox.keepRunning(true)
    }

    private func finish(_ delivery: Delivery) {
        guard case .finished(let id, let result) = delivery, let (handler, _) = handlers.removeValue(forKey: id) else { return }
        mailbox.keepRunning(!handlers.isEmpty)
        if handlers.isEmpty { retainedWhileBusy = nil }
        switch result {
        case .success(let placemarks): handler(placemarks, nil)
        case .failure(let error): handler(nil, error)
        }
    }

    private static func reverse(_ coordinate: Coordinate, in path: String) async throws(CLError) -> [CLPlacemark] {
        try await lookUp(in: path) { (map: RadioMap) throws(RadioMapError) -> [NamedPlace] in
            guard let nearby = try map.nearestPlace(to: coordinate) else { return [] }
            return [nearby.place]
        }
    }

    private static func forward(_ text: String, in path: String) async throws(CLError) -> [CLPlacemark] {
        try await lookUp(in: path) { (map: RadioMap) throws(RadioMapError) -> [NamedPlace] in try map.places(named: text, limit: 10) }
    }

    /// Runs a places query on a thread of its own (SQLite blocks) and makes placemarks.
    private static func lookUp(
        in path: String, _ query: @escaping @Sendable (RadioMap) throws(RadioMapError) -> [NamedPlace]
    ) async throws(CLError) -> [CLPlacemark] {
        let result = await DedicatedThread.run("geocode") { () -> Result<[NamedPlace], RadioMapError> in
            Result { () throws(RadioMapError) -> [NamedPlace] in
                try query(try RadioMap(path: path, mode: .readOnly))
            }
        }
        switch result {
        case .success(let places) where places.isEmpty:
            throw CLError(.geocodeFoundNoResult, reason: "no imported place matches")
        case .success(let places):
            return places.map(CLPlacemark.init)
        case .failure(let error):
            throw CLError(.network, reason: "the places cannot be read: \(error.description)")
        }
    }
}
