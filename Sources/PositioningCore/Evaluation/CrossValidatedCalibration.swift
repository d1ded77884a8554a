import Foundation

/// Held-out calibration samples from a survey alone, by k-fold refits of the emitters.
///
/// Scans are dealt into `folds` folds by a seeded hash of their track, so the scans of one
/// stretch of a surveyor's walk (seconds apart, sharing their GPS drift) are held out together
/// — leave-track-out in spirit; with scans dealt one by one, a held-out scan's emitters would
/// still be placed by its neighbours on the same track, drift included. For each fold, every emitter its scans
/// heard is re-aggregated from the *other* folds' observations only, and each scan of the fold
/// is then located against those refits and scored against its own GPS position. So no scan
/// helped position the emitters it is tested on — with the full map the radii would come out
/// too small, because every AP would sit exactly where the test scans put it. k-fold (rather
/// than one calibration split) uses every scan once as a test and keeps 1 − 1/k of the
/// survey behind each refit, close to the map a real query meets.
///
/// ```swift
/// let samples = CrossValidatedCalibration().samples(from: scans, now: Date())
/// let factors = ConformalCalibration.factors(from: samples)
/// ```
public struct CrossValidatedCalibration: Sendable {
    /// Number of folds.
    public var folds: Int
    /// Seed of the fold assignment.
    public var seed: UInt64
    /// The estimator to calibrate; its own calibration is ignored.
    public var estimator: WhereaboutsEstimator
    /// Cells known independently of the survey (OpenCellID): used as they are, never refit.
    public var publishedCells: [CellIdentity: KnownCell]

    public init(
        folds: Int = 5, seed: UInt64 = 1, estimator: WhereaboutsEstimator = WhereaboutsEstimator(),
        publishedCells: [CellIdentity: KnownCell] = [:]
    ) {
        precondition(folds >= 2, "cross-validation needs at least two folds")
        self.folds = folds
        self.seed = seed
        self.estimator = estimator
        self.publishedCells = publishedCells
    }

    /// The fold of the scans of `track`.
    public func fold(ofTrack track: Int64) -> Int {
        // SplitMix64 finalizer: a well-mixed, seed-dependent, reproducible assignment.
        var z = seed &+ UInt64(bitPattern: track) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(folds))
    }

    /// One sample per scan that the estimator could locate against the refit emitters, and one
    /// more from the cells alone of each scan that heard both Wi-Fi and cells.
    public func samples(from scans: [SurveyScan], now: Date) -> [CalibrationSample] {
        let assignment = scans.map { fold(ofTrack: $0.track) }
        var accessPointSightings: [BSSID: [(fold: Int, seen: SurveyObservation)]] = [:]
        var cellSightings: [CellIdentity: [(fold: Int, seen: SurveyObservation)]] = [:]
        for (index, scan) in scans.enumerated() {
            for (bssid, seen) in scan.accessPoints { accessPointSightings[bssid, default: []].append((assignment[index], seen)) }
            for (cell, seen) in scan.cells { cellSightings[cell, default: []].append((assignment[index], seen)) }
        }
        var uncalibrated = estimator
        uncalibrated.calibration = RadiusCalibration()
        var samples: [CalibrationSample] = []
        for heldOut in 0..<folds {
            let cells = refitCells(cellSightings, without: heldOut)
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
                let input = EstimationInput(
                    wifi: scan.wifiObservations, cells: scan.cellObservations, accessPoints: known,
                    knownCells: cells.filter { scan.cells[$0.key] != nil },
                    areas: areas.filter { area in scan.cells.keys.contains { $0.areaIdentity == area.key } }, now: now)
                var queries = [input]
                // Surveyors nearly always hear Wi-Fi, which then wins; the scan's cells alone
                // stand for the cell-only queries that the cell factors are for.
                if !input.wifi.isEmpty, !input.cells.isEmpty {
                    var cellOnly = input
                    cellOnly.wifi = []
                    cellOnly.accessPoints = [:]
                    queries.append(cellOnly)
                }
                for query in queries {
                    guard let fix = InspectedFix.inspect(uncalibrated, input: query), fix.rawRadius > 0 else { continue }
                    samples.append(CalibrationSample(
                        source: fix.estimate.location.source, emitterCount: fix.emitterCount,
                        error: Geodesy.distance(from: fix.estimate.location.coordinate, to: scan.position),
                        rawRadius: fix.rawRadius))
                }
            }
        }
        return samples
    }

    private func refitCells(
        _ sightings: [CellIdentity: [(fold: Int, seen: SurveyObservation)]], without heldOut: Int
    ) -> [CellIdentity: KnownCell] {
        var cells = publishedCells
        for (identity, seen) in sightings where cells[identity] == nil {
            let kept = seen.filter { $0.fold != heldOut }.map(\.seen)
            if !kept.isEmpty, let cell = EmitterAggregator.aggregateCell(identity, observations: kept) {
                cells[identity] = cell
            }
        }
        return cells
    }

    private static func areas(of cells: [CellIdentity: KnownCell]) -> [AreaIdentity: KnownArea] {
        var areas: [AreaIdentity: KnownArea] = [:]
        for (area, members) in Dictionary(grouping: cells.values, by: \.identity.areaIdentity) {
            areas[area] = EmitterAggregator.aggregateArea(area, cells: members)
        }
        return areas
    }
}
