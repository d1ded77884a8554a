/// Whereabouts' own estimator: Wi-Fi consensus checked against the cells, cells alone when no
/// Wi-Fi is known.
///
/// When the Wi-Fi fix and the cell fix agree (closer than their reaches summed: each the wider of
/// its raw radius and the calibrated 95 % radius its answer would carry), Wi-Fi wins: it is far
/// more precise. So a cell the map knows from a sighting or two — whose held-out fixes err
/// kilometres, so its calibrated circle is wide — agrees with Wi-Fi that a well-surveyed cell
/// would contradict. When they disagree, the evidence decides: another Wi-Fi cluster that agrees
/// with the cell beats a weaker one that does not; a Wi-Fi fix resting on fewer than
/// `overrulingRouterCount` routers far outside the serving cell is refused (a few access points
/// with wrong stored positions can agree with each other and claim a tiny radius — Ichnaea issue
/// 1950), and the cell answers instead. Many agreeing routers outweigh a cell (whose surveyed
/// position and range are often rough), and `trustedRouterCount` outweigh a cell known only by
/// its area. Every such decision is written to `notes`.
///
/// ```swift
/// let estimator = WhereaboutsEstimator()
/// if let estimate = estimator.estimatePosition(from: input) {
///     print(estimate.location.coordinate, estimate.location.horizontalAccuracy, estimate.notes)
/// }
/// ```
public struct WhereaboutsEstimator: RadiusCalibratedEstimator {
    /// The Wi-Fi part: consensus clusters of access points.
    public var wifi: WiFiEstimator
    /// The cell part: known cells, else the area.
    public var cell: CellEstimator
    /// Per-source, per-count factors applied to every radius.
    public var calibration: RadiusCalibration
    /// How many agreeing routers make a Wi-Fi fix trustworthy enough to overrule a cell area.
    public var trustedRouterCount: Int
    /// How many agreeing routers make a Wi-Fi fix outweigh a known cell it disagrees with.
    public var overrulingRouterCount: Int
    /// When stored fingerprints answer instead of the access-point centroid.
    public var fingerprints = FingerprintPolicy()
    /// Milliseconds behind the scan's freshest reading past which a Wi-Fi reading is a
    /// leftover of an earlier scan (`StaleReadings`): longer than a full scan takes to sweep
    /// both bands (2–4 s), short enough that a car's leftover is at most ~70 m behind it.
    public var staleAge = 5_000
    /// Fresh known access points needed before stale readings are set aside.
    public var minimumFreshAccessPoints = 1
    /// An area answers for a heard cell the map lacks. The area's radius covers the cells the
    /// surveys placed; a cell they never placed most likely lies beyond them, so the answer's raw
    /// radius is this many times that extent — a prior, not a measurement. Calibration scales it
    /// like any raw radius; where fewer than 20 held-out scans were answered by their area, it
    /// stands, marked uncalibrated. Ariel with each phone held out in turn, whose queries' cells
    /// are mostly unknown to the other phones' map: cell-only radii hold the truth 36.5 % of the
    /// time with the extent itself, 61.1 % at 1.5×, 69.2 % at 2×, 77.4 % at 3× (BENCHMARKS.md).
    public static let unknownCellAreaScale = 2.0

    /// `whereabouts`.
    public var name: String { "whereabouts" }

    /// An estimator from its parts; the defaults are the tuned ones with no radius correction.
    public init(
        wifi: WiFiEstimator = WiFiEstimator(), cell: CellEstimator = CellEstimator(),
        calibration: RadiusCalibration = RadiusCalibration(), trustedRouterCount: Int = 3,
        overrulingRouterCount: Int = 5
    ) {
        self.wifi = wifi
        self.cell = cell
        self.calibration = calibration
        self.trustedRouterCount = trustedRouterCount
        self.overrulingRouterCount = overrulingRouterCount
    }

    /// The best position `input` supports, or nil when no heard emitter is usable. Wi-Fi
    /// readings left over from an earlier scan are set aside first (`StaleReadings`).
    public func estimatePosition(from input: EstimationInput) -> PositionEstimate? {
        let readings = StaleReadings(input, age: staleAge, minimumFresh: minimumFreshAccessPoints)
        guard !readings.setAside.isEmpty, var estimate = estimate(from: readings.freshInput) else {
            return estimate(from: input)
        }
        estimate.rejected += readings.setAside.map { EmitterRejection(emitter: .accessPoint($0), reason: .stale) }
        estimate.notes.append(
            "set aside \(readings.setAside.count) access point(s) last heard over \(staleAge / 1000) s before the freshest")
        return estimate
    }

    private func estimate(from input: EstimationInput) -> PositionEstimate? {
        let match = fingerprints.match(input).flatMap { fingerprints.trusts($0) ? $0 : nil }
        if let match, fingerprints.weight(of: match) >= 1 {
            return fingerprintEstimate(match, input: input)
        }
        let wifiResult = wifi.estimate(from: input)
        let cellFix = cell.estimate(from: input)
        let cellRejections = cellFix?.rejected ?? cell.rejections(from: input)

        guard let best = wifiResult.candidates.first else {
            if let match { return fingerprintEstimate(match, input: input) }
            guard let cellFix else { return nil }
            return cellEstimate(cellFix, input: input, rejected: wifiResult.rejections(choosing: nil) + cellFix.rejected)
        }
        guard let cellFix else {
            return wifiEstimate(
                best, input: input, rejected: wifiResult.rejections(choosing: best) + cellRejections,
                notes: ambiguityNotes(wifiResult), match: match)
        }
        if agrees(best, with: cellFix, input: input) {
            return wifiEstimate(
                best, input: input, rejected: wifiResult.rejections(choosing: best) + cellFix.rejected, match: match)
        }
        let gap = Int(Geodesy.distance(from: best.coordinate, to: cellFix.coordinate).rounded())
        if let alternative = wifiResult.candidates.dropFirst().first(where: { agrees($0, with: cellFix, input: input) }),
            best.routerCount < trustedRouterCount || alternative.routerCount >= best.routerCount
        {
            return wifiEstimate(
                alternative, input: input, rejected: wifiResult.rejections(choosing: alternative) + cellFix.rejected,
                notes: ["Wi-Fi cluster of \(best.routerCount) router(s) lies \(gap) m from the cell fix; "
                    + "used the cluster of \(alternative.routerCount) that agrees with the cell"])
        }
        let needed = cellFix.method == .area ? trustedRouterCount : overrulingRouterCount
        if best.routerCount >= needed {
            let what = cellFix.method == .area ? "the cell area" : "the cell fix"
            return wifiEstimate(
                best, input: input, rejected: wifiResult.rejections(choosing: best) + cellFix.rejected,
                notes: ["Wi-Fi (\(best.routerCount) routers) and \(what) disagree by \(gap) m; "
                    + "kept Wi-Fi, too many routers agree for all to be wrong"], match: match)
        }
        var estimate = cellEstimate(
            cellFix, input: input,
            rejected: wifiResult.rejections(choosing: nil, reason: .disagreesWithCell) + cellFix.rejected)
        estimate.notes.append(
            "Wi-Fi (\(best.routerCount) router(s)) lies \(gap) m from the cell fix, beyond the reach of both; used the cell")
        return estimate
    }

    /// A remark when a runner-up Wi-Fi cluster is nearly as trusted as the winner: with nothing
    /// else to decide between them, the answer may be the wrong one of two places.
    private func ambiguityNotes(_ result: WiFiEstimator.Result) -> [String] {
        guard result.candidates.count > 1 else { return [] }
        let (best, runnerUp) = (result.candidates[0], result.candidates[1])
        guard runnerUp.score >= 0.5 * best.score else { return [] }
        let gap = Int(Geodesy.distance(from: best.coordinate, to: runnerUp.coordinate).rounded())
        return ["Wi-Fi is ambiguous: another cluster of \(runnerUp.routerCount) router(s) \(gap) m away is "
            + "nearly as trusted; no cell to decide"]
    }

    /// Whether `candidate` lies within reach of `fix`: closer than the two answers' reaches
    /// summed, each the wider of its raw radius and the 95 % radius its answer would carry
    /// (raw × 1.62 in a map never calibrated). So how well the map knows the cell — its sighting
    /// decade's factors — weighs in before the cell overrules access points, while a calibration
    /// that shrank the cell's circle (learned where the survey went, narrower than where the cell
    /// is heard) never makes it overrule Wi-Fi that its raw range would have let stand.
    private func agrees(_ candidate: WiFiEstimator.Candidate, with fix: CellEstimator.Fix, input: EstimationInput) -> Bool {
        let wifiReach = max(
            candidate.radius,
            calibration.calibrated95(candidate.radius, source: .wifi(input), emitterCount: candidate.routerCount))
        let cell = cellRadii(fix, input: input)
        let cellReach = max(cell.raw, cell.radius95)
        return Geodesy.distance(from: candidate.coordinate, to: fix.coordinate) <= wifiReach + cellReach
    }

    /// The kind, raw radius and both calibrated radii a cell answer from `fix` carries.
    private func cellRadii(
        _ fix: CellEstimator.Fix, input: EstimationInput
    ) -> (kind: RadiusCalibration.Source, raw: Double, radius68: Double, radius95: Double) {
        // An area's answer and a fix from cells heard faint have factors of their own (see
        // `RadiusCalibration.Source.area` and `.cellFaint`).
        let kind: RadiusCalibration.Source =
            fix.method == .area ? .area : RadiusCalibration.Source.isFaint(fix.used, input: input) ? .cellFaint : .cell
        let raw = fix.method == .area ? fix.radius * Self.unknownCellAreaScale : fix.radius
        let radii = calibration.radii(rawRadius: raw, source: kind, emitterCount: fix.emitterCount, sightings: fix.sightings)
        return (kind, raw, radii.radius68, radii.radius95)
    }

    private func wifiEstimate(
        _ candidate: WiFiEstimator.Candidate, input: EstimationInput, rejected: [EmitterRejection],
        notes: [String] = [], match: FingerprintMatch? = nil
    ) -> PositionEstimate {
        if let match, case let weight = fingerprints.weight(of: match), weight > 0,
            let blended = blend(candidate, with: match, weight: weight, input: input, rejected: rejected, notes: notes)
        {
            return blended
        }
        let kind = RadiusCalibration.Source.wifi(input)
        let radius = calibration.calibrated(candidate.radius, source: kind, emitterCount: candidate.routerCount)
        var estimate = PositionEstimate(
            location: Location(coordinate: candidate.coordinate, horizontalAccuracy: radius, timestamp: input.now, source: .wifi),
            method: candidate.method, used: candidate.used, rejected: rejected, notes: notes)
        calibration.apply(rawRadius: candidate.radius, source: kind, emitterCount: candidate.routerCount, to: &estimate)
        return estimate
    }

    /// A fingerprint match of middling distance and the access-point centroid, averaged by the
    /// match's `weight`: the fix is a fingerprint fix (and takes that factor) when the match
    /// weighs at least half.
    private func blend(
        _ candidate: WiFiEstimator.Candidate, with match: FingerprintMatch, weight: Double, input: EstimationInput,
        rejected: [EmitterRejection], notes: [String]
    ) -> PositionEstimate? {
        guard let centre = Geodesy.weightedMean([(match.coordinate, weight), (candidate.coordinate, 1 - weight)]) else {
            return nil
        }
        let rawRadius = weight * fingerprints.radius(of: match) + (1 - weight) * candidate.radius
        let note = String(
            format: "fingerprint match (signal distance %.2f, the nearest shares %d of %d access points) "
                + "averaged with the centroid of %d router(s), weight %.2f", match.bestDistance,
            match.sharedAccessPoints, match.heardAccessPoints, candidate.routerCount, weight)
        let isFingerprint = weight >= 0.5
        let source: RadiusCalibration.Source = isFingerprint ? .fingerprint : .wifi(input)
        let count = isFingerprint ? match.sharedAccessPoints : candidate.routerCount
        var estimate = PositionEstimate(
            location: Location(
                coordinate: centre, horizontalAccuracy: calibration.calibrated(rawRadius, source: source, emitterCount: count),
                timestamp: input.now, source: .wifi),
            method: isFingerprint ? .fingerprint : candidate.method, used: candidate.used, rejected: rejected,
            notes: notes + [note])
        calibration.apply(rawRadius: rawRadius, source: source, emitterCount: count, to: &estimate)
        return estimate
    }

    private func fingerprintEstimate(_ match: FingerprintMatch, input: EstimationInput) -> PositionEstimate {
        var heard: [BSSID] = []
        for observation in input.wifi where !observation.isOptedOut && !heard.contains(observation.bssid) {
            heard.append(observation.bssid)
        }
        let radius = calibration.calibrated(
            fingerprints.radius(of: match), source: .fingerprint, emitterCount: match.sharedAccessPoints)
        var estimate = PositionEstimate(
            location: Location(coordinate: match.coordinate, horizontalAccuracy: radius, timestamp: input.now, source: .wifi),
            method: .fingerprint,
            used: heard.map { EmitterContribution(emitter: .accessPoint($0), weight: 1 / Double(heard.count)) },
            notes: [String(
                format: "fingerprint match: %d neighbours, the nearest shares %d of %d access points (signal distance %.2f)",
                match.neighbours, match.sharedAccessPoints, match.heardAccessPoints, match.bestDistance)])
        calibration.apply(
            rawRadius: fingerprints.radius(of: match), source: .fingerprint, emitterCount: match.sharedAccessPoints,
            to: &estimate)
        estimate.floor = match.floor
        estimate.building = match.building
        return estimate
    }

    private func cellEstimate(
        _ fix: CellEstimator.Fix, input: EstimationInput, rejected: [EmitterRejection]
    ) -> PositionEstimate {
        let radii = cellRadii(fix, input: input)
        var estimate = PositionEstimate(
            location: Location(coordinate: fix.coordinate, horizontalAccuracy: radii.radius68, timestamp: input.now, source: .cell),
            method: fix.method, used: fix.used, rejected: rejected)
        calibration.apply(
            rawRadius: radii.raw, source: radii.kind, emitterCount: fix.emitterCount, sightings: fix.sightings, to: &estimate)
        return estimate
    }
}
