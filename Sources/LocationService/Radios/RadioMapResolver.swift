import Foundation
import Geolocation
import PositioningCore
import RadioMap
import Synchronization

/// Resolves cell and Wi-Fi readings against a radio map file through the `Geolocation`
/// pipeline, with the parameters `locate` and `serve` use: Whereabouts' estimator with the
/// map's stored radius factors (`db calibrate`) and its fingerprints (tables, and the survey
/// scans calibration kept).
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
    public let path: String
    /// What the pipeline answers with; by default `locate`'s, without the nearest place (a
    /// `LocationFix` carries none) and refreshed every `checkInterval`.
    public let parameters: GeolocationParameters
    /// How often the map is looked at for new factors or fingerprints.
    public static let checkInterval: Duration = .seconds(5)
    private let connection = CachedGeolocator()

    /// Creates a resolver for the map at `path`.
    public init(
        path: String,
        parameters: GeolocationParameters = GeolocationParameters(namesPlaces: false, refreshInterval: checkInterval)
    ) {
        self.path = path
        self.parameters = parameters
    }

    public func estimate(_ request: GeolocateRequest, at time: Date) throws -> (PositionEstimate, EstimationInput)? {
        let answer = try connection.answer(to: request, at: time, path: path, parameters: parameters)
        return answer.estimate.map { ($0, answer.input) }
    }
}

/// One read-only radio-map connection kept between lookups, with the pipeline loaded over it.
/// The lock makes the lookups take turns: they run on threads of their own, one connection is
/// used by one thread at a time.
private final class CachedGeolocator: Sendable {
    private let cached = Mutex<Geolocator?>(nil)

    /// The pipeline's answer to `request`, opening the map (and loading what the parameters
    /// need from it) when no connection is kept.
    func answer(
        to request: GeolocateRequest, at time: Date, path: String, parameters: GeolocationParameters
    ) throws(RadioMapError) -> GeolocationAnswer {
        try cached.withLock { (geolocator: inout Geolocator?) throws(RadioMapError) -> GeolocationAnswer in
            do throws(RadioMapError) {
                let current: Geolocator
                if let kept = geolocator, kept.radioMap.path == path {
                    current = kept
                } else {
                    geolocator = nil
                    let radioMap = try RadioMap(path: path, mode: .readOnly)
                    current = try GeolocationEngine(radioMap: radioMap, parameters: parameters).geolocator(using: radioMap)
                }
                let answer = try current.answer(to: request, now: time)
                geolocator = current
                return answer
            } catch {
                geolocator = nil
                throw error
            }
        }
    }
}
