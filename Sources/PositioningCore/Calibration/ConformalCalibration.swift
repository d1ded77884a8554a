/// One held-out fix for calibration: the error it made and the radius it reported before any
/// correction, with the source and emitter count that select its factor.
public struct CalibrationSample: Hashable, Sendable {
    public var source: RadiusCalibration.Source
    public var emitterCount: Int
    /// Distance from the truth in metres.
    public var error: Double
    /// The estimator's uncorrected radius in metres (positive).
    public var rawRadius: Double
    /// For a cell fix, the survey sightings of the cells it used (`InspectedFix.sightings`); for
    /// an area's answer, the area's known cells.
    public var sightings: Int?
    /// True for the answer of an area thinned to fewer known cells than the map holds
    /// (`AreaThinning`): it sets the area bins' radius floors only, never a factor.
    public var isThinnedArea: Bool
    /// For a thinned area's answer, how far the whole area reaches from it: the distance to the
    /// area's centre plus its radius (the farthest a query in the area can stand).
    public var areaReach: Double?

    public init(
        source: RadiusCalibration.Source, emitterCount: Int, error: Double, rawRadius: Double, sightings: Int? = nil,
        isThinnedArea: Bool = false, areaReach: Double? = nil
    ) {
        self.areaReach = areaReach
        self.source = source
        self.emitterCount = emitterCount
        self.error = error
        self.rawRadius = rawRadius
        self.sightings = sightings
        self.isThinnedArea = isThinnedArea
    }

    /// The emitter-count bin this sample's factor belongs to.
    public var bin: RadiusCalibration.CountBin { RadiusCalibration.CountBin(count: emitterCount) }
}

/// One calibrated factor and the evidence behind it.
public struct CalibrationFactor: Hashable, Sendable {
    public var source: RadiusCalibration.Source
    public var bin: RadiusCalibration.CountBin
    /// The multiplier for the raw radius.
    public var factor: Double
    /// Held-out fixes the factor rests on (those of the whole source when the bin had too few).
    public var sampleCount: Int
    /// True when the bin had too few samples of its own and borrowed its factor from its source
    /// (or, with `borrowedFrom`, from a bin of fewer emitters).
    public var isPooled: Bool
    /// For a bin with too few samples of its own that rests on more emitters than a bin with
    /// enough: the nearest such bin, whose factor it took (`levelFactors`). Not stored.
    public var borrowedFrom: RadiusCalibration.CountBin?
    /// The multiplier for a 95 % radius; nil when computed before 95 % factors existed.
    public var factor95: Double?
    /// For a Mondrian factor by sightings (`RadiusCalibration.SightingBin`), the decade of
    /// sightings it is for: it then replaces the count bins' factors of its source for the fixes
    /// of that decade, and `bin` is `.one`, unused. Nil for a count bin's factor.
    public var sightings: RadiusCalibration.SightingBin?
    /// For a factor by sightings, the 68 % and 95 % radii in metres below which its fixes'
    /// circles are never reported (area answers: `ConformalCalibration.areaRadiusFloors`).
    public var radiusFloors: RadiusFloors?

    /// Radii in metres that a sighting bin's circles never fall below.
    public struct RadiusFloors: Hashable, Sendable {
        public var radius68: Double
        public var radius95: Double
        /// The held-out (thinned) answers they rest on.
        public var sampleCount: Int

        public init(radius68: Double, radius95: Double, sampleCount: Int) {
            self.radius68 = radius68
            self.radius95 = radius95
            self.sampleCount = sampleCount
        }
    }

    public init(
        source: RadiusCalibration.Source, bin: RadiusCalibration.CountBin, factor: Double, sampleCount: Int,
        isPooled: Bool, factor95: Double? = nil, sightings: RadiusCalibration.SightingBin? = nil,
        radiusFloors: RadiusFloors? = nil
    ) {
        self.source = source
        self.bin = bin
        self.factor = factor
        self.sampleCount = sampleCount
        self.isPooled = isPooled
        self.factor95 = factor95
        self.sightings = sightings
        self.radiusFloors = radiusFloors
    }
}

/// Split conformal calibration of radii: per source and emitter-count bin, the factor that
/// makes the truth fall inside the scaled radius with the target probability on fresh queries.
///
/// For n held-out ratios error/raw radius, the ⌈(n+1)·p⌉-th smallest one is a factor whose
/// scaled radius holds the truth of an exchangeable new query with probability ≥ p (Vovk et
/// al.; Lei et al. 2018, "Distribution-free predictive inference for regression"). The samples
/// must come from fixes whose emitters were positioned *without* that fix's own scan, or the
/// factors come out too small.
///
/// ```swift
/// let factors = ConformalCalibration.factors(from: samples)
/// let estimator = WhereaboutsEstimator(calibration: ConformalCalibration.radiusCalibration(factors))
/// ```
public enum ConformalCalibration {
    /// The coverage the radius promises (DESIGN.md: a 68 % circle).
    public static let targetCoverage = 0.68
    /// The coverage of the wider circle (the geolocate API's `accuracy`).
    public static let targetCoverage95 = 0.95
    /// Bins with fewer samples borrow a factor (see `factors(from:)`).
    public static let minimumBinSamples = 20

    /// The conformal factor for `ratios` (error / raw radius): the ⌈(n+1)·coverage⌉-th smallest,
    /// or nil when there are too few ratios for that rank to exist.
    public static func factor(ratios: [Double], coverage: Double = targetCoverage) -> Double? {
        precondition(coverage > 0 && coverage < 1, "coverage is a fraction in (0, 1)")
        let sorted = ratios.filter(\.isFinite).sorted()
        let rank = Int((Double(sorted.count + 1) * coverage).rounded(.up))
        guard rank >= 1, rank <= sorted.count else { return nil }
        return sorted[rank - 1]
    }

    /// Factors for every source and bin that `samples` cover. A bin with fewer than
    /// `minimumBinSamples` samples has no evidence of its own. If a bin of fewer emitters has
    /// enough, the nearest such bin lends it its factor: a fix resting on more emitters is
    /// placed at least as well (the factors fall with the count wherever the bins are filled;
    /// BENCHMARKS.md, "How real is the simulator"), and a survey logged as the WiGLE app logs —
    /// two or three networks a row group — fills the few-emitter bins and hardly ever the 10+
    /// one that a laptop's full scan falls into. Otherwise the bin is not assumed tighter than
    /// any bin of its source: it takes the larger of its source's pooled factor and the largest
    /// factor a bin of that source earned. (On simulated towns logged scan by scan the survey
    /// yields hardly any fixes from one or two access points, while a query resting on so few
    /// stands mostly where the survey did not go; pooled, the many-AP fixes set their factor.)
    /// A source with too few samples altogether gets none (its radius stays uncorrected).
    /// Factors are floored at `minimumFactor` so one lucky fold cannot shrink radii to nothing.
    ///
    /// At the 68 % target each factor also carries its 95 % factor, found the same way from the
    /// same samples (the ⌈(n+1)·0.95⌉-th ratio: a bin needs 19 samples, which
    /// `minimumBinSamples` ensures) and never below its 68 % one. The sources binned by
    /// sightings (`RadiusCalibration.sightingBinnedSources`) also get a factor per decade of
    /// sightings (`sightingFactors(from:minimumFactor:)`).
    public static func factors(
        from samples: [CalibrationSample], coverage: Double = targetCoverage, minimumFactor: Double = 0.05
    ) -> [CalibrationFactor] {
        let factors = levelFactors(from: samples, coverage: coverage, minimumFactor: minimumFactor)
        guard coverage == targetCoverage else { return factors }
        var wide: [RadiusCalibration.Source: [RadiusCalibration.CountBin: Double]] = [:]
        for entry in levelFactors(from: samples, coverage: targetCoverage95, minimumFactor: minimumFactor) {
            wide[entry.source, default: [:]][entry.bin] = entry.factor
        }
        return factors.map { entry in
            var entry = entry
            entry.factor95 = wide[entry.source]?[entry.bin].map { max($0, entry.factor) }
            return entry
        } + sightingFactors(from: samples, minimumFactor: minimumFactor)
    }

    /// Mondrian factors by sighting decade for the sources of
    /// `RadiusCalibration.sightingBinnedSources`, from their samples that say their sightings:
    /// per decade, the 68 % and 95 % factors of its own samples when it has at least
    /// `minimumBinSamples`, else the factors of all the source's samples pooled (marked
    /// `isPooled`). A source with fewer such samples in all gets none — except area answers,
    /// whose bins always carry their radius floors (`areaRadiusFloors(from:)`) where those
    /// exist: with too few area answers for a factor, over the raw radius (factor 1).
    public static func sightingFactors(
        from samples: [CalibrationSample], minimumFactor: Double = 0.05
    ) -> [CalibrationFactor] {
        var result: [CalibrationFactor] = []
        for source in RadiusCalibration.Source.allCases where RadiusCalibration.sightingBinnedSources.contains(source) {
            let sourceSamples = samples.filter {
                $0.source == source && $0.sightings != nil && !$0.isThinnedArea && $0.rawRadius > 0 && $0.error.isFinite
            }
            let floors = source == .area ? areaRadiusFloors(from: samples) : [:]
            guard sourceSamples.count >= minimumBinSamples else {
                // Too few area answers for factors of their own: the raw radius, under the floors.
                for bin in RadiusCalibration.SightingBin.allCases {
                    guard let floor = floors[bin] else { continue }
                    result.append(CalibrationFactor(
                        source: source, bin: .one, factor: 1, sampleCount: sourceSamples.count, isPooled: true,
                        factor95: Location.rayleigh95Over68, sightings: bin, radiusFloors: floor))
                }
                continue
            }
            func levels(_ samples: [CalibrationSample]) -> (Double, Double)? {
                let ratios = samples.map { $0.error / $0.rawRadius }
                guard let narrow = factor(ratios: ratios), let wide = factor(ratios: ratios, coverage: targetCoverage95)
                else { return nil }
                return (max(narrow, minimumFactor), max(wide, narrow, minimumFactor))
            }
            guard let pooled = levels(sourceSamples) else { continue }
            let byBin = Dictionary(grouping: sourceSamples) { RadiusCalibration.SightingBin(count: $0.sightings ?? 0) }
            for bin in RadiusCalibration.SightingBin.allCases {
                let binSamples = byBin[bin] ?? []
                let own = binSamples.count >= minimumBinSamples ? levels(binSamples) : nil
                let (narrow, wide) = own ?? pooled
                result.append(CalibrationFactor(
                    source: source, bin: .one, factor: narrow, sampleCount: own == nil ? sourceSamples.count : binSamples.count,
                    isPooled: own == nil, factor95: wide, sightings: bin, radiusFloors: floors[bin]))
            }
        }
        return result
    }

    /// Radius floors for area answers, per bin of the area's known cells, from the answers of
    /// areas thinned to the bin's fewest cells (`CalibrationSample.isThinnedArea`, made by
    /// `AreaThinning`): the 68 % and 95 % conformal quantiles of their errors in metres, for
    /// bins with at least `minimumBinSamples` of them.
    ///
    /// A ratio to the raw radius cannot carry over to an area the map knows from one cell: its
    /// raw radius is that cell's range, however large the area really is, and the query stands
    /// anywhere in the area (on Ariel's walks, one cell seen once 23 km away). What the map does
    /// know is how large its well-known areas are and how far their cells lie from where they
    /// were heard. Reduced to k of their known cells (one part of the area: a cell and its
    /// nearest), the query's own cells left out, such an area answers as a map that knows only
    /// k cells of it would; the quantile of those errors is
    /// a conformal radius for an area answer of that bin, with the error itself as the score.
    /// Those scans still stand where the survey went, and a query need not: the 95 % floor is
    /// also never below the 95 % quantile of how far the whole area reaches from the thinned
    /// answer (`CalibrationSample.areaReach`), a circle that holds any query of the area,
    /// wherever in it the query stands, for 95 % of the areas so thinned (on Ariel's walks, a
    /// walk 23 km from the one cell the other walks placed of its area).
    /// A bin with too few thinned answers (no area of the survey has more cells than its fewest)
    /// has no floor: the survey shows no area that large reduced to it, so its factor alone
    /// stands. The floor is a lower bound only, never a cap: an area whose own answers err more
    /// keeps its wider factor.
    public static func areaRadiusFloors(
        from samples: [CalibrationSample]
    ) -> [RadiusCalibration.SightingBin: CalibrationFactor.RadiusFloors] {
        let thinned = samples.filter { $0.isThinnedArea && $0.source == .area && $0.error.isFinite && $0.sightings != nil }
        var floors: [RadiusCalibration.SightingBin: CalibrationFactor.RadiusFloors] = [:]
        for (bin, binSamples) in Dictionary(grouping: thinned, by: { RadiusCalibration.SightingBin(count: $0.sightings ?? 0) })
        where binSamples.count >= minimumBinSamples {
            let errors = binSamples.map(\.error)
            guard let narrow = factor(ratios: errors), let wide = factor(ratios: errors, coverage: targetCoverage95),
                narrow > 0
            else { continue }
            let reach = factor(ratios: binSamples.compactMap(\.areaReach), coverage: targetCoverage95) ?? 0
            floors[bin] = CalibrationFactor.RadiusFloors(
                radius68: narrow, radius95: max(wide, narrow, reach), sampleCount: binSamples.count)
        }
        return floors
    }

    private static func levelFactors(
        from samples: [CalibrationSample], coverage: Double, minimumFactor: Double
    ) -> [CalibrationFactor] {
        let bySource = Dictionary(
            grouping: samples.filter { !$0.isThinnedArea && $0.rawRadius > 0 && $0.error.isFinite }, by: \.source)
        var result: [CalibrationFactor] = []
        for source in RadiusCalibration.Source.allCases {
            guard let sourceSamples = bySource[source] else { continue }
            let byBin = Dictionary(grouping: sourceSamples, by: \.bin)
            var own: [RadiusCalibration.CountBin: Double] = [:]
            for (bin, binSamples) in byBin where binSamples.count >= minimumBinSamples {
                own[bin] = factor(ratios: binSamples.map { $0.error / $0.rawRadius }, coverage: coverage)
            }
            // A bin without evidence of its own is not assumed tighter than any its source has.
            let pooled = factor(ratios: sourceSamples.map { $0.error / $0.rawRadius }, coverage: coverage).map {
                max($0, own.values.max() ?? $0)
            }
            let bins = RadiusCalibration.CountBin.allCases
            for (index, bin) in bins.enumerated() {
                let binSamples = byBin[bin] ?? []
                if let own = own[bin] {
                    result.append(CalibrationFactor(
                        source: source, bin: bin, factor: max(own, minimumFactor), sampleCount: binSamples.count, isPooled: false))
                } else if let fewer = bins[..<index].last(where: { own[$0] != nil }), let lent = own[fewer] {
                    var entry = CalibrationFactor(
                        source: source, bin: bin, factor: max(lent, minimumFactor), sampleCount: byBin[fewer]?.count ?? 0,
                        isPooled: true)
                    entry.borrowedFrom = fewer
                    result.append(entry)
                } else if let pooled, sourceSamples.count >= minimumBinSamples {
                    result.append(CalibrationFactor(
                        source: source, bin: bin, factor: max(pooled, minimumFactor), sampleCount: sourceSamples.count,
                        isPooled: true))
                }
            }
        }
        return result
    }

    /// A `RadiusCalibration` holding `factors`.
    public static func radiusCalibration(_ factors: [CalibrationFactor]) -> RadiusCalibration {
        var calibration = RadiusCalibration()
        for entry in factors {
            if let sightings = entry.sightings {
                calibration.setSightingFactor(
                    entry.factor, factor95: entry.factor95 ?? entry.factor * Location.rayleigh95Over68,
                    radiusFloors: entry.radiusFloors.map { ($0.radius68, $0.radius95) }, for: entry.source, bin: sightings)
                continue
            }
            calibration.setFactor(entry.factor, for: entry.source, bin: entry.bin)
            if let factor95 = entry.factor95 { calibration.setFactor95(factor95, for: entry.source, bin: entry.bin) }
        }
        return calibration
    }
}
