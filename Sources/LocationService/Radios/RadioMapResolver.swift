import Foundation
import PositioningCore
import RadioMap
import Synchronization

/// Resolves cell and Wi-Fi readings against a radio map file with `WhereaboutsEstimator`, as
/// `locate` and `serve` do: with the map's stored radius factors (`db calibrate`) and its
/// fingerprints (tables, and the survey scans calibration kept).
///
/// The map is opened read-only at the first lookup and the connection kept for the next ones
/// (a replayed hour is thousands of lookups). An idle read-only connection holds no snapshot,
/// so a running import neither blocks it nor waits for it, and each lookup sees what the import
/// has committed. The factors and the fingerprint index are loaded with the connection and
/// loaded again when the map's `LoadedDataStamp` changes (looked at every `checkInterval`), so
/// a `db calibrate` or a learning session's recalibration is picked up without a restart.
/// After a failed lookup the map is opened afresh the next time.
///
/// ```swift
/// let resolver = RadioMapResolver(path: "radiomap.sqlite")
/// let manager = LocationManager(radios: LiveRadios(), resolver: resolver)
/// ```
public struct RadioMapResolver: PositionResolver {
    /// The radio map's path.
    public var path: String
    /// The estimator to use; the map's stored factors replace its calibration (see
    /// `appliesStoredCalibration`).
    public var estimator: WhereaboutsEstimator
    /// Whether the map's stored radius factors scale the radius (the default); a map never
    /// calibrated leaves the estimator's own calibration (none by default: the raw radius).
    public var appliesStoredCalibration = true
    /// How often the map is looked at for new factors or fingerprints.
    public static let checkInterval: Duration = .seconds(5)
    private let connection = CachedRadioMap()

    /// Creates a resolver for the map at `path`.
    public init(path: String, estimator: WhereaboutsEstimator = WhereaboutsEstimator()) {
        self.path = path
        self.estimator = estimator
    }

    public func estimate(_ request: GeolocateRequest, at time: Date) throws -> (PositionEstimate, EstimationInput)? {
        let (input, stored) = try connection.estimationInput(
            path: path, for: request, at: time, matching: estimator.fingerprints.matching)
        let estimator = appliesStoredCalibration ? stored.applied(to: self.estimator) : self.estimator
        guard var estimate = estimator.estimatePosition(from: input) else { return nil }
        if appliesStoredCalibration, stored.radius == nil { estimate.notes.append(RadiusCalibration.uncalibratedNote) }
        return (estimate, input)
    }
}

/// One read-only radio-map connection kept between lookups, with what was loaded from it. The
/// lock makes the lookups take turns: they run on threads of their own, one connection is used
/// by one thread at a time.
private final class CachedRadioMap: Sendable {
    private struct State {
        var radioMap: RadioMap?
        var stored: LoadedData<StoredCalibration>?
    }

    private let cached = Mutex(State())

    /// The lookup for `request`, with the map's stored calibration supplied, and that calibration.
    func estimationInput(
        path: String, for request: GeolocateRequest, at time: Date, matching: FingerprintMatcher.Parameters
    ) throws(RadioMapError) -> (EstimationInput, StoredCalibration) {
        try cached.withLock { (state: inout State) throws(RadioMapError) -> (EstimationInput, StoredCalibration) in
            let radioMap: RadioMap
            if let open = state.radioMap, open.path == path {
                radioMap = open
            } else {
                state = State()
                radioMap = try RadioMap(path: path, mode: .readOnly)
            }
            do {
                func load(_ map: RadioMap) throws -> StoredCalibration { try StoredCalibration.load(from: map, matching: matching) }
                var stored = try state.stored ?? LoadedData(
                    from: radioMap, checkInterval: RadioMapResolver.checkInterval, load: load)
                try stored.refresh(from: radioMap, load: load)
                var input = try radioMap.estimationInput(for: request, now: time)
                try stored.value.fingerprints.supply(&input, from: radioMap, hearing: request.wifiAccessPoints.map(\.bssid))
                state = State(radioMap: radioMap, stored: stored)
                return (input, stored.value)
            } catch {
                state = State()
                throw RadioMapError.converting(error, path: path)
            }
        }
    }
}
