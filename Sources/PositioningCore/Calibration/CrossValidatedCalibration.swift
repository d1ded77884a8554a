import Foundation

/// Held-out calibration samples from a survey alone, by refits of the emitters without the
/// held-out scans.
///
/// Every sample is a survey scan located against emitters re-aggregated *without* the sightings
/// that share its errors, and scored against its own GPS position. So no scan helps position the
/// emitters it is tested on — with the full map the radii would come out too small, because
/// every AP would sit exactly where the test scans put it. Two ways to hold scans out:
///
/// - `.scanWithNeighbours(seconds:)` (the default): each scan alone, together with every
///   sighting of access points its recording (import) made within that many seconds of it; its
///   cells are refit without the scan's own sightings only (`cellWindow`) for the whole scan's
///   sample, and without its whole recording session (`SessionCellRefits`; `cellHoldOut`:
///   or a spatial block around it, `CellBlocks`) for its cell-only sample. A surveyor's GPS
///   error drifts slowly, so the scans just before and after share it; with them in the refit
///   the APs would follow the drift and the held-out scan would look better placed than it is
///   (by its drifted truth). Two minutes takes away that shared drift and nothing else: the
///   same street walked at another time, by this surveyor or another, stays in the map — as it
///   is in the map a real query meets. A scan without a time loses its recording's sightings
///   within `timelessRadius` metres instead.
/// - `.trackFolds(k)`: scans dealt into k folds by a seeded hash of their track stretch (one
///   import, one half hour), each fold's emitters refit from the other folds. This takes away
///   the whole half-hour walk — a whole pass along those streets — so the refits are sparser
///   than the map a query meets and the factors come out too large (too wide radii on simulated
///   towns 2, 3 and 6; BENCHMARKS.md). Kept for comparison (`--folds K`).
///
/// ```swift
/// let samples = CrossValidatedCalibration().samples(from: scans, now: Date())
/// let factors = ConformalCalibration.factors(from: samples)
/// ```
public struct CrossValidatedCalibration: Sendable {
    /// Which sightings are taken away while a scan is tested.
    public enum HoldOut: Hashable, Sendable {
        /// Each scan with its recording's sightings within `seconds` of it.
        case scanWithNeighbours(seconds: TimeInterval)
        /// k folds of track stretches.
        case trackFolds(Int)
    }

    /// Which sightings are taken away while a scan is tested.
    public var holdOut: HoldOut
    /// Seed of the fold assignment, or of the choice of scans when there are more than
    /// `maximumScans`.
    public var seed: UInt64
    /// The estimator to calibrate (`WhereaboutsEstimator` unless one is given); its own
    /// calibration is ignored.
    public var estimator: any RadiusCalibratedEstimator
    /// Cells known independently of the survey (OpenCellID): used as they are, never refit.
    public var publishedCells: [CellIdentity: KnownCell]
    /// With `.scanWithNeighbours`, at most this many scans are tested (a seeded choice), so a
    /// large survey calibrates in bounded time: every scan still helps place the emitters.
    public var maximumScans: Int
    /// The survey's own scans as fingerprints, when they are to be tried: each held-out scan is
    /// matched against them without its recording's neighbours (or its fold), as its access
    /// points are refit.
    public var surveyFingerprints: SurveyFingerprints?
    /// A scan without a time loses the sightings its recording made this close to it.
    public static let timelessRadius = 100.0
    /// With `.scanWithNeighbours`, the window for the scan's cells: none, so a cell is refit
    /// without the scan's own sightings only. The window is there for GPS drift, a few metres
    /// shared by neighbouring scans, which matters beside access-point errors of tens of metres
    /// and not beside cell errors of hundreds. A pass under a cell lasts seconds to minutes, so
    /// two minutes take away most of what placed it, and the refits are much sparser than the
    /// map a query meets: on Ariel's random hold-out the truth fell inside the cell radius 82 %
    /// of the time with ±2 min, 83 % with ±30 s, 76 % with ±10 s and 68.4 % with the scan alone
    /// (the simulated towns' survey splits, `--holdout 0.2`: 73.5 → 72.2 % and 69.7 → 68.7 %).
    public static let cellWindow: TimeInterval = 0
    /// The default hold-out: each scan with two minutes of its recording either side.
    public static let defaultHoldOut = HoldOut.scanWithNeighbours(seconds: 120)

    /// How a held-out scan's cells are refit for its cell-only sample (`.scanWithNeighbours`).
    public enum CellHoldOut: String, Hashable, Sendable, CaseIterable {
        /// Without the scan's own sightings only: the cell as the scan's neighbours on the
        /// surveyed street place it, so the sample is a query standing on that street.
        case scan
        /// Without every sighting closer to the scan than one of the cell's gaps
        /// (`CellBlocks`): the sample stands as far from the remaining sightings as the cell's
        /// queries stand from its sightings, off the surveyed streets too.
        case block
        /// Without every sighting of the scan's recording session (`SurveyScan.session`), and
        /// every cell of its areas refit so (`SessionCellRefits`): the sample meets the map as a
        /// query from another walk or drive meets it — its cells placed by other sessions or not
        /// at all, its areas made of the cells other sessions heard. Needs two sessions that
        /// heard cells; with fewer, `.block` stands in.
        case session

        /// How the cells of a held-out scan were refit, for a report's calibration note.
        public var summary: String {
            switch self {
            case .scan: "without the scan"
            case .block: "spatially blocked"
            case .session: "without its recording session"
            }
        }
    }

    /// How a held-out scan's cells are refit for its cell-only sample (the default: without its
    /// session, `.session`); the whole scan's sample
    /// (Wi-Fi checked against the cells) always refits them without the scan alone.
    public var cellHoldOut: CellHoldOut = .session

    /// Calibrates `estimator` (`init(holdOut:seed:publishedCells:maximumScans:)` calibrates
    /// `WhereaboutsEstimator()`).
    public init(
        holdOut: HoldOut = defaultHoldOut, seed: UInt64 = 1, estimator: any RadiusCalibratedEstimator,
        publishedCells: [CellIdentity: KnownCell] = [:], maximumScans: Int = 3000
    ) {
        if case .trackFolds(let folds) = holdOut { precondition(folds >= 2, "cross-validation needs at least two folds") }
        self.holdOut = holdOut
        self.seed = seed
        self.estimator = estimator
        self.publishedCells = publishedCells
        self.maximumScans = maximumScans
    }

    /// k-fold refits by track stretch.
    public init(
        folds: Int, seed: UInt64 = 1, estimator: any RadiusCalibratedEstimator,
        publishedCells: [CellIdentity: KnownCell] = [:]
    ) {
        self.init(holdOut: .trackFolds(folds), seed: seed, estimator: estimator, publishedCells: publishedCells)
    }

    /// The fold of the scans of `track` among `folds`.
    public func fold(ofTrack track: Int64, folds: Int) -> Int {
        Int(SeededHash.mix(UInt64(bitPattern: track), seed: seed) % UInt64(folds))
    }

    /// One sample per tested scan that the estimator could locate against the refit emitters,
    /// one more from the cells alone of each scan that heard both Wi-Fi and cells, and one from
    /// the scan blocked off the survey (`PairedSamples.blocked`) where that makes one.
    public func samples(from scans: [SurveyScan], now: Date) -> [CalibrationSample] {
        let paired = pairedSamples(from: scans, now: now)
        return (surveyFingerprints == nil ? paired.withoutFingerprints : paired.withFingerprints) + paired.blocked
    }

    /// The samples of the same held-out scans located with access points alone and with
    /// `surveyFingerprints` as well (the same when there are none): one pass of refits serves both.
    public struct PairedSamples: Sendable {
        public var withoutFingerprints: [CalibrationSample] = []
        public var withFingerprints: [CalibrationSample] = []
        /// The `wifiUnmapped` samples of scans blocked off the survey (`UnmappedScanBlock`),
        /// located by their Wi-Fi alone: they belong with either set, and stand apart so that
        /// they never weigh in the choice between the two (`SurveyFingerprints.Trial`).
        public var blocked: [CalibrationSample] = []

        mutating func append(_ other: PairedSamples) {
            withoutFingerprints += other.withoutFingerprints
            withFingerprints += other.withFingerprints
            blocked += other.blocked
        }
    }

    /// Every held-out scan located both without and with the survey's fingerprints.
    public func pairedSamples(from scans: [SurveyScan], now: Date) -> PairedSamples {
        switch holdOut {
        case .trackFolds(let folds): foldSamples(from: scans, folds: folds, now: now)
        case .scanWithNeighbours(let seconds): neighbourhoodSamples(from: scans, window: seconds, now: now)
        }
    }

    private func foldSamples(from scans: [SurveyScan], folds: Int, now: Date) -> PairedSamples {
        let matcher = surveyFingerprints?.matcher(parameters: estimator.fingerprints.matching)
        let fingerprintFolds = (surveyFingerprints?.entries ?? []).map { fold(ofTrack: $0.track, folds: folds) }
        let assignment = scans.map { fold(ofTrack: $0.track, folds: folds) }
        var accessPointSightings: [BSSID: [(fold: Int, seen: SurveyObservation)]] = [:]
        var cellSightings: [CellIdentity: [(fold: Int, seen: SurveyObservation)]] = [:]
        for (index, scan) in scans.enumerated() {
            for (bssid, seen) in scan.accessPoints { accessPointSightings[bssid, default: []].append((assignment[index], seen)) }
            for (cell, seen) in scan.cells { cellSightings[cell, default: []].append((assignment[index], seen)) }
        }
        var samples = PairedSamples()
        for heldOut in 0..<folds {
            var cells = publishedCells
            for (identity, seen) in cellSightings {
                let kept = seen.filter { $0.fold != heldOut }.map(\.seen)
                if let published = publishedCells[identity] {
                    cells[identity] = published.withFaintSignal(from: kept)
                } else if !kept.isEmpty, let cell = EmitterAggregator.aggregateCell(identity, observations: kept) {
                    cells[identity] = cell
                }
            }
            let areas = Self.areas(of: cells)
            var accessPoints: [BSSID: KnownAccessPoint?] = [:]
            for (index, scan) in scans.enumerated() where assignment[index] == heldOut {
                var known: [BSSID: KnownAccessPoint] = [:]
                for bssid in scan.accessPoints.keys {
                    if accessPoints[bssid] == nil {
                        let kept = (accessPointSightings[bssid] ?? []).filter { $0.fold != heldOut }.map(\.seen)
                        accessPoints[bssid] = .some(kept.isEmpty ? nil : EmitterAggregator.aggregateAccessPoint(bssid, observations: kept))
                    }
                    if let refit = accessPoints[bssid] ?? nil { known[bssid] = refit }
                }
                samples.append(locate(
                    scan, accessPoints: known, cells: cells, areas: areas, fingerprints: matcher, now: now
                ) { fingerprintFolds[$0] == heldOut })
            }
        }
        return samples
    }

    /// A sighting with the recording and time that decide whether it shares a scan's GPS error.
    private struct Sighting {
        var recording: Int64
        var time: Double?
        var seen: SurveyObservation
    }

    private func neighbourhoodSamples(from scans: [SurveyScan], window: TimeInterval, now: Date) -> PairedSamples {
        let matcher = surveyFingerprints?.matcher(parameters: estimator.fingerprints.matching)
        let entries = surveyFingerprints?.entries ?? []
        var accessPointSightings: [BSSID: [Sighting]] = [:]
        var cellSightings: [CellIdentity: [Sighting]] = [:]
        for scan in scans {
            let time = Self.time(of: scan)
            for (bssid, seen) in scan.accessPoints {
                let when = seen.time?.timeIntervalSince1970 ?? time
                accessPointSightings[bssid, default: []].append(Sighting(recording: scan.recording, time: when, seen: seen))
            }
            for (cell, seen) in scan.cells {
                let when = seen.time?.timeIntervalSince1970 ?? time
                cellSightings[cell, default: []].append(Sighting(recording: scan.recording, time: when, seen: seen))
            }
        }
        // Cells the scan did not hear keep their full-survey fit (they only shape the areas).
        var allCells = publishedCells
        for (identity, seen) in cellSightings where allCells[identity] == nil {
            if let cell = EmitterAggregator.aggregateCell(identity, observations: seen.map(\.seen)) { allCells[identity] = cell }
        }
        let cellsByArea = Dictionary(grouping: allCells.values, by: \.identity.areaIdentity)
        var sessions = cellHoldOut == .session ? SessionCellRefits(scans: scans, publishedCells: publishedCells) : nil
        let blocks = cellHoldOut == .block || (cellHoldOut == .session && sessions == nil)
            ? CellBlocks(cells: allCells, sightings: cellSightings.mapValues { $0.map(\.seen.position) }) : nil
        let stride = max(1, (scans.count + maximumScans - 1) / maximumScans)
        var samples = PairedSamples()
        for (index, scan) in scans.enumerated() where stride == 1 || SeededHash.mix(UInt64(index), seed: seed) % UInt64(stride) == 0 {
            let time = Self.time(of: scan)
            func independent(_ sightings: [Sighting], window: TimeInterval = window) -> [SurveyObservation] {
                sightings.filter { other in
                    guard other.recording == scan.recording else { return true }
                    guard let time, let otherTime = other.time else {
                        return Geodesy.distance(from: other.seen.position, to: scan.position) > Self.timelessRadius
                    }
                    return abs(otherTime - time) > window
                }.map(\.seen)
            }
            var known: [BSSID: KnownAccessPoint] = [:]
            var independentSightings: [BSSID: [SurveyObservation]] = [:]
            for bssid in scan.accessPoints.keys {
                let kept = independent(accessPointSightings[bssid] ?? [])
                independentSightings[bssid] = kept
                if !kept.isEmpty, let refit = EmitterAggregator.aggregateAccessPoint(bssid, observations: kept) { known[bssid] = refit }
            }
            // One block per unmapped kind, mildest first; a block no wider than the milder
            // kind's gives the same refit, hence no sample of its own.
            var unmapped: [[BSSID: KnownAccessPoint]] = []
            var blockedSoFar = 0.0
            for kind in RadiusCalibration.Source.unmappedKinds {
                guard let share = kind.unmappedShareFloor,
                    let block = UnmappedScanBlock(scanAt: scan.position, sightings: independentSightings, share: share),
                    block.radius > blockedSoFar
                else { continue }
                blockedSoFar = block.radius
                unmapped.append(block.refit())
            }
            // Only the areas of the scan's cells matter; their members with the heard ones refit.
            var cells: [CellIdentity: KnownCell] = [:]
            for area in Set(scan.cells.keys.map(\.areaIdentity)) {
                for cell in cellsByArea[area] ?? [] { cells[cell.identity] = cell }
            }
            var blockedCells = cells
            for identity in scan.cells.keys {
                let sightings = cellSightings[identity] ?? []
                let kept = independent(sightings, window: Self.cellWindow)
                // A published cell keeps the publisher's place; how the survey heard it is the
                // hold-out's.
                let published = publishedCells[identity]
                cells[identity] = published.map { $0.withFaintSignal(from: kept) }
                    ?? (kept.isEmpty ? nil : EmitterAggregator.aggregateCell(identity, observations: kept))
                guard let blocks else { continue }
                let block = blocks.blockRadius(for: identity, scanIndex: index, seed: seed)
                // A query anywhere in the cell's span finds the cell in the map: a block never
                // takes away the sightings farthest from the scan.
                let distances = sightings.map { Geodesy.distance(from: $0.seen.position, to: scan.position) }
                let reach = min(block, distances.max() ?? 0)
                let outside = block > 0
                    ? zip(sightings, distances).filter { $0.1 > 0 && $0.1 >= reach }.map(\.0.seen) : kept
                blockedCells[identity] = published.map { $0.withFaintSignal(from: outside) }
                    ?? (outside.isEmpty ? nil : EmitterAggregator.aggregateCell(identity, observations: outside))
            }
            let (recording, position) = (scan.recording, scan.position)
            let cellOnly = sessions?.refit(without: scan) ?? blocks.map { _ in (blockedCells, Self.areas(of: blockedCells)) }
            samples.append(locate(
                scan, accessPoints: known, cells: cells, areas: Self.areas(of: cells), fingerprints: matcher, now: now,
                cellOnly: cellOnly, unmapped: unmapped
            ) { index in
                let entry = entries[index]
                guard entry.recording == recording else { return false }
                guard let time, let otherTime = entry.time else {
                    return Geodesy.distance(from: entry.fingerprint.position, to: position) <= Self.timelessRadius
                }
                return abs(otherTime - time) <= window
            })
        }
        return samples
    }

    /// When `scan` was made: its own time, else that of any of its observations.
    private static func time(of scan: SurveyScan) -> Double? {
        if let time = scan.time { return time.timeIntervalSince1970 }
        let observed = scan.accessPoints.values.lazy.compactMap(\.time).first ?? scan.cells.values.lazy.compactMap(\.time).first
        return observed?.timeIntervalSince1970
    }

    /// The samples of `scan` located against refit emitters: its whole scan, and its cells alone;
    /// the whole scan also with `fingerprints` (less those `excluded`) when there are any.
    private func locate(
        _ scan: SurveyScan, accessPoints: [BSSID: KnownAccessPoint], cells: [CellIdentity: KnownCell],
        areas: [AreaIdentity: KnownArea], fingerprints: FingerprintMatcher?, now: Date,
        cellOnly: (cells: [CellIdentity: KnownCell], areas: [AreaIdentity: KnownArea])? = nil,
        unmapped: [[BSSID: KnownAccessPoint]] = [],
        excludingFingerprints excluded: @escaping @Sendable (Int) -> Bool
    ) -> PairedSamples {
        var uncalibrated = estimator
        uncalibrated.calibration = RadiusCalibration()
        let input = EstimationInput(
            wifi: scan.wifiObservations, cells: scan.cellObservations, accessPoints: accessPoints,
            knownCells: cells.filter { scan.cells[$0.key] != nil },
            areas: areas.filter { area in scan.cells.keys.contains { $0.areaIdentity == area.key } }, now: now)
        func sample(_ query: EstimationInput) -> CalibrationSample? {
            guard let fix = InspectedFix.inspect(uncalibrated, input: query), fix.rawRadius > 0 else { return nil }
            return CalibrationSample(
                source: fix.source, emitterCount: fix.emitterCount,
                error: Geodesy.distance(from: fix.estimate.location.coordinate, to: scan.position), rawRadius: fix.rawRadius,
                sightings: fix.sightings)
        }
        var samples = PairedSamples()
        // A scan of cells alone is a cell-only query: with blocks, only its blocked refit counts.
        let alone = input.wifi.isEmpty && cellOnly != nil ? nil : sample(input)
        var matched: CalibrationSample? = alone
        if let fingerprints, !input.wifi.isEmpty {
            var withFingerprints = input
            withFingerprints.fingerprintMatcher = fingerprints
            withFingerprints.excludedFingerprints = excluded
            matched = sample(withFingerprints)
        }
        if let alone { samples.withoutFingerprints.append(alone) }
        if let matched { samples.withFingerprints.append(matched) }
        // The scan blocked off the survey (`UnmappedScanBlock`), by its Wi-Fi alone: a sample
        // for the unmapped kind it then falls into.
        for refit in unmapped where !input.wifi.isEmpty {
            if let sample = sample(EstimationInput(wifi: input.wifi, accessPoints: refit, now: now)),
                RadiusCalibration.Source.unmappedKinds.contains(sample.source)
            {
                samples.blocked.append(sample)
            }
        }
        // Surveyors nearly always hear Wi-Fi, which then wins; the scan's cells alone stand for
        // the cell-only queries that the cell factors are for.
        if !input.cells.isEmpty, !input.wifi.isEmpty || cellOnly != nil {
            var cellInput = input
            cellInput.wifi = []
            cellInput.accessPoints = [:]
            if let cellOnly {
                cellInput.knownCells = cellOnly.cells.filter { scan.cells[$0.key] != nil }
                cellInput.areas = cellOnly.areas.filter { area in scan.cells.keys.contains { $0.areaIdentity == area.key } }
            }
            if let cellSample = sample(cellInput) {
                samples.withoutFingerprints.append(cellSample)
                samples.withFingerprints.append(cellSample)
                // A scan its areas answer stands where none of its cells was placed, as a query
                // an area answers does: its areas, thinned, give the area bins' radius floors.
                if cellSample.source == .area {
                    let thinned = AreaThinning.samples(for: scan, cells: cellOnly?.cells ?? cells, seed: seed)
                    samples.withoutFingerprints += thinned
                    samples.withFingerprints += thinned
                }
            }
        }
        return samples
    }

    static func areas(of cells: [CellIdentity: KnownCell]) -> [AreaIdentity: KnownArea] {
        var areas: [AreaIdentity: KnownArea] = [:]
        for (area, members) in Dictionary(grouping: cells.values, by: \.identity.areaIdentity) {
            areas[area] = EmitterAggregator.aggregateArea(area, cells: members)
        }
        return areas
    }
}
