import Foundation
import PositioningCore
import RadioMap
import Synchronization

/// The shared half of the pipeline for one radio map: the parameters, what was loaded from the
/// map for them (the estimator with its radius factors, the fingerprint index, whether the map
/// names places) and the clients' request sequences. It makes a `Geolocator` per thread.
///
/// With a `refreshInterval` (`serve`, the location service), the loaded parts are kept in step
/// with the map when `db calibrate`, an import or a `watch --learn` session stores new ones
/// while the reader runs: at most once per interval the first geolocator to ask compares the
/// map's `LoadedDataStamp`, loads again under the lock when it changed (so the threads share
/// one fingerprint index), and every geolocator applies the result before its next request.
/// (Sightings need nothing: every request looks them up afresh.)
///
/// ```swift
/// let engine = try GeolocationEngine(radioMap: try RadioMap(path: path, mode: .readOnly))
/// let geolocator = try engine.makeGeolocator()   // one per thread
/// let answer = try geolocator.answer(to: request)
/// print(GeolocateJSON.string(for: answer))
/// ```
public final class GeolocationEngine: Sendable {
    /// What a geolocator applies: made once per load, shared by every thread.
    struct Loaded: Sendable {
        var estimator: any PositionEstimator
        var fingerprints: FingerprintSource
        var notes: [String]
        var namesPlaces: Bool
    }

    /// The parameters every answer follows.
    public let parameters: GeolocationParameters
    /// The radio map file; `makeGeolocator()` opens it read-only.
    public let databasePath: String
    /// Each client's successive requests, when a client's repeats of its previous request
    /// should be aged (`serve`, `locate --batch --sequence`); nil takes each request alone.
    public let requestSequence: RequestSequence?
    private let loaded: Mutex<LoadedData<Loaded>>

    /// Loads what `parameters` need from `radioMap` now, so a map that cannot be read is
    /// reported before any request.
    public init(
        radioMap: RadioMap, parameters: GeolocationParameters = GeolocationParameters(),
        requestSequence: RequestSequence? = nil
    ) throws(RadioMapError) {
        self.parameters = parameters
        self.databasePath = radioMap.path
        self.requestSequence = requestSequence
        do {
            loaded = Mutex(try LoadedData(from: radioMap, checkInterval: parameters.refreshInterval ?? .seconds(5)) { map in
                try Self.load(from: map, parameters: parameters)
            })
        } catch {
            throw RadioMapError.converting(error, path: radioMap.path)
        }
    }

    /// A geolocator over its own read-only connection to the map, for one thread.
    public func makeGeolocator() throws(RadioMapError) -> Geolocator {
        geolocator(using: try RadioMap(path: databasePath, mode: .readOnly))
    }

    /// A geolocator over `radioMap`, a connection the caller already has (and keeps to one thread).
    public func geolocator(using radioMap: RadioMap) -> Geolocator {
        Geolocator(radioMap: radioMap, engine: self)
    }

    /// `count` geolocators, one per thread: the first over `radioMap`, a connection the caller
    /// already has (the one the engine loaded from, say), each other over its own read-only
    /// connection. `serve` and `locate --batch` make their workers' geolocators so.
    /// - Throws: `RadioMapError` when a further connection cannot be opened.
    public func geolocators(count: Int, firstUsing radioMap: RadioMap) throws(RadioMapError) -> [Geolocator] {
        precondition(count > 0, "at least one geolocator")
        var geolocators = [geolocator(using: radioMap)]
        for _ in 1..<count { geolocators.append(try makeGeolocator()) }
        return geolocators
    }

    /// The loaded parts and their generation, looked at again through `radioMap` when the
    /// parameters refresh; a map that cannot be read now keeps what was loaded.
    func current(checkingWith radioMap: RadioMap) -> (generation: Int, loaded: Loaded) {
        loaded.withLock { loaded in
            if parameters.refreshInterval != nil {
                _ = try? loaded.refresh(from: radioMap) { map in try Self.load(from: map, parameters: parameters) }
            }
            return (loaded.generation, loaded.value)
        }
    }

    /// What `parameters` take from `radioMap`: the estimator with its factors, the stored
    /// fingerprints indexed with its matching, and whether the map names places.
    static func load(from radioMap: RadioMap, parameters: GeolocationParameters) throws(RadioMapError) -> Loaded {
        let stored = try StoredCalibration.load(from: radioMap, matching: parameters.estimator.fingerprintMatching)
        var estimator = parameters.estimator.makeEstimator()
        var notes: [String] = []
        if var whereabouts = estimator as? WhereaboutsEstimator {
            switch parameters.radius {
            case .stored:
                whereabouts = stored.applied(to: whereabouts)
                if stored.radius == nil { notes = [RadiusCalibration.uncalibratedNote] }
            case .factors(let factors):
                whereabouts.calibration = ConformalCalibration.radiusCalibration(factors)
            case .raw:
                break
            }
            estimator = whereabouts
        }
        let namesPlaces = parameters.namesPlaces ? try radioMap.hasPlaces() : false
        return Loaded(estimator: estimator, fingerprints: stored.fingerprints, notes: notes, namesPlaces: namesPlaces)
    }
}
