/// A fix together with the radius its estimator reported before any calibration and the
/// emitter count that selects its calibration factor.
public struct InspectedFix: Hashable, Sendable {
    /// The estimate as the estimator returned it (with its own calibration applied).
    public var estimate: PositionEstimate
    /// The uncorrected radius in metres.
    public var rawRadius: Double
    /// The calibration bin the fix falls into.
    public var bin: RadiusCalibration.CountBin
    /// The kind of factor that scales the fix (`RadiusCalibration.Source.init(of:input:)`).
    public var source: RadiusCalibration.Source
    /// For a cell fix, the survey sightings of the cells it used (which choose its sighting
    /// decade's factor), for an area's answer the area's known cells; nil for other fixes.
    public var sightings: Int? = nil

    /// The smallest emitter count of `bin`, which selects the same factor.
    public var emitterCount: Int { InspectedFix.representativeCount(of: bin) }

    /// The smallest emitter count that falls into `bin`.
    public static func representativeCount(of bin: RadiusCalibration.CountBin) -> Int {
        switch bin {
        case .one: 1
        case .two: 2
        case .threeToFour: 3
        case .fiveToNine: 5
        case .tenOrMore: 10
        }
    }

    /// Runs `estimator` on `input` and recovers the raw radius and calibration bin of its fix.
    ///
    /// `WhereaboutsEstimator` (a `RadiusCalibratedEstimator`) counts routers (dual-band networks
    /// once), which its estimate does not expose; running it once uncalibrated and once with the factor 2^(k+1) for bin k
    /// recovers both exactly (scaling by a power of two is exact in binary floating point), so
    /// no private counting rule is duplicated here. Other estimators are not calibrated: their
    /// radius is raw and their bin follows the emitters they used.
    public static func inspect(_ estimator: any PositionEstimator, input: EstimationInput) -> InspectedFix? {
        guard var calibrated = estimator as? any RadiusCalibratedEstimator else {
            guard let estimate = estimator.estimatePosition(from: input) else { return nil }
            return InspectedFix(
                estimate: estimate, rawRadius: estimate.location.horizontalAccuracy,
                bin: RadiusCalibration.CountBin(count: estimate.used.count),
                source: RadiusCalibration.Source(of: estimate, input: input))
        }
        let calibration = calibrated.calibration
        calibrated.calibration = RadiusCalibration()
        guard var estimate = calibrated.estimatePosition(from: input) else { return nil }
        let rawRadius = estimate.location.horizontalAccuracy
        calibrated.calibration = markerCalibration
        let marked = calibrated.estimatePosition(from: input)?.location.horizontalAccuracy ?? rawRadius
        let marker = rawRadius > 0 ? marked / rawRadius : 1
        let bin = RadiusCalibration.CountBin.allCases.enumerated().first { index, _ in
            marker == Double(1 << (index + 1))
        }?.element ?? RadiusCalibration.CountBin(count: estimate.used.count)
        let source = RadiusCalibration.Source(of: estimate, input: input)
        let sightings = RadiusCalibration.sightingBinnedSources.contains(source)
            ? CellEstimator.sightings(of: estimate.used, in: input.knownCells, areas: input.areas) : nil
        let scaled = calibration.radii(
            rawRadius: rawRadius, source: source, emitterCount: representativeCount(of: bin), sightings: sightings)
        estimate.location.horizontalAccuracy = scaled.radius68
        estimate.location.horizontalAccuracy95 = scaled.radius95
        return InspectedFix(estimate: estimate, rawRadius: rawRadius, bin: bin, source: source, sightings: sightings)
    }

    private static let markerCalibration: RadiusCalibration = {
        var calibration = RadiusCalibration()
        for source in RadiusCalibration.Source.allCases {
            for (index, bin) in RadiusCalibration.CountBin.allCases.enumerated() {
                calibration.setFactor(Double(1 << (index + 1)), for: source, bin: bin)
            }
        }
        return calibration
    }()
}
