import PositioningCore
import RadioMap
import SurveyFormats

/// What the pipeline answers for one request, before any rendering: the position with its
/// calibrated radius, source and method, the emitters used and rejected with their reasons, the
/// notes, the nearest place — or nothing found — and the lookup it came from (for pictures).
///
/// ```swift
/// let answer = try geolocator.answer(to: request)
/// guard let location = answer.location else { return print("not found") }
/// print(location.coordinate, "±", location.horizontalAccuracy, "m from", location.source)
/// ```
public struct GeolocationAnswer: Sendable {
    /// The lookup the answer rests on.
    public var lookup: Geolocator.Lookup
    /// The estimate; nil when nothing heard was usable (a 404 `notFound`).
    public var estimate: PositionEstimate?
    /// The nearest populated place, when the map holds places and the parameters name them.
    public var place: NearbyPlace?

    /// Whether a position was found.
    public var isFound: Bool { estimate != nil }
    /// The position: coordinate, calibrated 68 % radius (`horizontalAccuracy`), source, time.
    public var location: Location? { estimate?.location }
    /// How the position was computed.
    public var method: EstimationMethod? { estimate?.method }
    /// The emitters that contributed, with their weights.
    public var used: [EmitterContribution] { estimate?.used ?? [] }
    /// The emitters that were heard but set aside, with the reason.
    public var rejected: [EmitterRejection] { estimate?.rejected ?? [] }
    /// Remarks on the decisions taken (ambiguity, disagreement, aged readings, no calibration).
    public var notes: [String] { estimate?.notes ?? [] }
    /// Whether a stored factor for the fix's own source and emitter count scaled its radius;
    /// nil for estimators that are not calibrated (Ichnaea).
    public var isRadiusCalibrated: Bool? { estimate?.isRadiusCalibrated }
    /// The request as answered (with its aged readings).
    public var request: GeolocateRequest { lookup.request }
    /// What the map knew of the request's emitters.
    public var input: EstimationInput { lookup.input }
}
