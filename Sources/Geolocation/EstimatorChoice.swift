import IchnaeaEstimator
import PositioningCore

/// Which estimator turns a request's matches into a position: Whereabouts' own (the default
/// everywhere) or the Ichnaea peer, Mozilla's published algorithm, for comparison.
///
/// `locate --estimator`, `serve --estimator` and `eval --estimator` name one of these; the
/// pipeline makes the estimator with its default parameters, so no caller restates them.
///
/// ```swift
/// let choice = try EstimatorChoice(named: "ichnaea")
/// let engine = try GeolocationEngine(radioMap: map, parameters: GeolocationParameters(estimator: choice))
/// ```
public enum EstimatorChoice: String, CaseIterable, Sendable {
    /// `WhereaboutsEstimator` with its tuned defaults; the map's stored factors scale its radius.
    case whereabouts
    /// `IchnaeaEstimator`; its radius is its published 95 % figure and is never rescaled.
    case ichnaea

    /// The choice called `name` (any case).
    /// - Throws: `EstimatorChoice.UnknownName` for any other name.
    public init(named name: String) throws(UnknownName) {
        guard let choice = EstimatorChoice(rawValue: name.lowercased()) else { throw UnknownName(name: name) }
        self = choice
    }

    /// A name that is not an estimator.
    public struct UnknownName: Error, CustomStringConvertible, Sendable {
        /// The name given.
        public var name: String
        public var description: String { "unknown estimator '\(name)' (expected whereabouts or ichnaea)" }
    }

    /// Its name in reports and options (`whereabouts`, `ichnaea`), the estimator's own `name`.
    public var name: String { rawValue }

    /// The estimator with its default parameters (no radius factors yet).
    public func makeEstimator() -> any PositionEstimator {
        switch self {
        case .whereabouts: WhereaboutsEstimator()
        case .ichnaea: IchnaeaEstimator()
        }
    }

    /// How stored fingerprints are matched for this estimator (Ichnaea matches none; the
    /// default policy's parameters index them, as for Whereabouts).
    public var fingerprintMatching: FingerprintMatcher.Parameters {
        (makeEstimator() as? WhereaboutsEstimator)?.fingerprints.matching ?? FingerprintPolicy().matching
    }
}
