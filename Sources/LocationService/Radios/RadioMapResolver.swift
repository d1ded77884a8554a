import Foundation
import PositioningCore
import RadioMap

/// Resolves cell and Wi-Fi readings against a radio map file with `WhereaboutsEstimator`.
///
/// The map is opened read-only per lookup, so a running import never blocks it and nothing is
/// held between epochs.
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

    /// Creates a resolver for the map at `path`.
    public init(path: String, estimator: WhereaboutsEstimator = WhereaboutsEstimator()) {
        self.path = path
        self.estimator = estimator
    }

    public func estimate(_ request: GeolocateRequest, at time: Date) throws -> (PositionEstimate, EstimationInput)? {
        let radioMap = try RadioMap(path: path, mode: .readOnly)
        let input = try radioMap.estimationInput(for: request, now: time)
        guard let estimate = estimator.estimatePosition(from: input) else { return nil }
        return (estimate, input)
    }
}
