import Foundation
import PositioningCore
import RadioMap
import Synchronization

/// Resolves cell and Wi-Fi readings against a radio map file with `WhereaboutsEstimator`.
///
/// The map is opened read-only at the first lookup and the connection kept for the next ones
/// (a replayed hour is thousands of lookups). An idle read-only connection holds no snapshot,
/// so a running import neither blocks it nor waits for it, and each lookup sees what the import
/// has committed. After a failed lookup the map is opened afresh the next time.
///
/// ```swift
/// let resolver = RadioMapResolver(path: "radiomap.sqlite")
/// let manager = LocationManager(radios: LiveRadios(), resolver: resolver)
/// ```
public struct RadioMapResolver: PositionResolver {
    /// The radio map's path.
    public var path: String
    /// The estimator to use.
    public var estimator: WhereaboutsEstimator
    private let connection = CachedRadioMap()

    /// Creates a resolver for the map at `path`.
    public init(path: String, estimator: WhereaboutsEstimator = WhereaboutsEstimator()) {
        self.path = path
        self.estimator = estimator
    }

    public func estimate(_ request: GeolocateRequest, at time: Date) throws -> (PositionEstimate, EstimationInput)? {
        let input = try connection.estimationInput(path: path, for: request, at: time)
        guard let estimate = estimator.estimatePosition(from: input) else { return nil }
        return (estimate, input)
    }
}

/// One read-only radio-map connection kept between lookups. The lock makes the lookups take
/// turns: they run on threads of their own, one connection is used by one thread at a time.
private final class CachedRadioMap: Sendable {
    private let cached = Mutex<RadioMap?>(nil)

    func estimationInput(path: String, for request: GeolocateRequest, at time: Date) throws(RadioMapError) -> EstimationInput {
        try cached.withLock { (cached: inout RadioMap?) throws(RadioMapError) -> EstimationInput in
            let radioMap: RadioMap
            if let open = cached, open.path == path {
                radioMap = open
            } else {
                cached = nil
                radioMap = try RadioMap(path: path, mode: .readOnly)
            }
            do throws(RadioMapError) {
                let input = try radioMap.estimationInput(for: request, now: time)
                cached = radioMap
                return input
            } catch {
                cached = nil
                throw error
            }
        }
    }
}
