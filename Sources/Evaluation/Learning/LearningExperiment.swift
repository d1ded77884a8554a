import Foundation
import Geolocation
import PositioningCore
import RadioMap
import WorldSimulator

/// Measures how much learning from the laptop's own GPS repairs a stale radio map: a town's
/// survey is imported, its held-out Wi-Fi queries are located, a GPS-tagged drive through the
/// town (hearing moved routers at their new places) is learned in-process, and the queries are
/// located again.
///
/// Queries are split into the *moved area* (they hear at least one router that moved after the
/// survey) and the rest. With `calibrated`, the map is calibrated after the import and again
/// after the drive, as `db calibrate` and `watch --learn` do, and the queries are located with
/// its stored factors and kept scans.
public struct LearningExperiment: Sendable {
    /// Wi-Fi error figures of one pass over the queries.
    public struct Figures: Sendable {
        /// Queries hearing at least one router that moved after the survey.
        public var movedArea: ErrorStatistics
        /// The other queries.
        public var elsewhere: ErrorStatistics
        /// All Wi-Fi queries.
        public var all: ErrorStatistics
    }

    /// What a run found.
    public struct Result: Sendable {
        /// The town's seed.
        public var seed: UInt64
        /// Routers moved since the survey.
        public var movedRouters: Int
        /// Before learning the drive.
        public var before: Figures
        /// After it.
        public var after: Figures
        /// What the learning session stored.
        public var report: LearningReport
        /// Wall-clock seconds spent learning the drive.
        public var learningSeconds: Double
    }

    /// The town.
    public var specification: TownSpecification
    /// Seconds of driving at `driveSpeed` m/s.
    public var driveDuration: Double = 3_600
    /// The drive's speed, m/s.
    public var driveSpeed: Double = 10
    /// Whether the map is calibrated (before and after learning) and its calibration used.
    public var calibrated = false

    /// An experiment on the town `specification` describes, with a one-hour drive and no calibration.
    public init(specification: TownSpecification) {
        self.specification = specification
    }

    /// Runs the experiment in `directory` (which must exist; the map and survey go there).
    public func run(in directory: String) throws -> Result {
        let town = Town(specification)
        let writer = TownWriter(town: town)
        _ = try writer.write(to: directory)
        let database = directory + "/learning.sqlite"
        let map = try RadioMap(path: database, mode: .readWrite)
        for name in [TownWriter.FileName.survey, TownWriter.FileName.cells] {
            _ = try map.importSurvey(at: directory + "/" + name, options: ImportOptions(), progress: nil)
        }
        if calibrated { _ = try MapCalibration().recalibrate(map) }
        let before = try score(town, map)
        let session = LearningSession(radioMap: map, name: "drive (seed \(specification.seed))")
        let started = ContinuousClock.now
        try town.forEachDriveSample(duration: driveDuration, speed: driveSpeed) { sample in
            try session.offer(sample.learningSample(in: town))
        }
        let report = try session.finish()
        let elapsed = started.duration(to: .now)
        if calibrated { _ = try MapCalibration().recalibrate(map) }
        let after = try score(town, map)
        let moved = Set(town.accessPoints.filter { $0.isMoved && $0.role == .primary }.map(\.routerIndex)).count
        return Result(
            seed: specification.seed, movedRouters: moved, before: before, after: after, report: report,
            learningSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// Locates every Wi-Fi query against `map` through the `Geolocation` pipeline, as `locate`
    /// does (the map's stored factors and fingerprints when `calibrated`, else the raw radius).
    private func score(_ town: Town, _ map: RadioMap) throws -> Figures {
        let moved = Set(town.accessPoints.filter(\.isMoved).map(\.bssid))
        let geolocator = try GeolocationEngine(
            radioMap: map, parameters: GeolocationParameters(radius: calibrated ? .stored : .raw, namesPlaces: false)
        ).geolocator(using: map)
        var movedErrors: [Double] = [], otherErrors: [Double] = []
        var movedQueries = 0, otherQueries = 0
        var movedInside = 0, otherInside = 0
        try town.forEachQuery { query in
            guard query.kind == .wifi else { return }
            let scan = query.scan
            let inMovedArea = scan.accessPoints.contains { moved.contains($0.bssid) }
            if inMovedArea { movedQueries += 1 } else { otherQueries += 1 }
            let answer = try geolocator.answer(
                to: scan.geolocateRequest, now: Date(timeIntervalSince1970: Double(scan.time)))
            guard let location = answer.location else { return }
            let error = Geodesy.distance(from: location.coordinate, to: town.coordinate(of: scan.truePosition))
            let inside = error <= location.horizontalAccuracy ? 1 : 0
            if inMovedArea {
                movedErrors.append(error)
                movedInside += inside
            } else {
                otherErrors.append(error)
                otherInside += inside
            }
        }
        return Figures(
            movedArea: ErrorStatistics(queries: movedQueries, errors: movedErrors, insideRadius: movedInside),
            elsewhere: ErrorStatistics(queries: otherQueries, errors: otherErrors, insideRadius: otherInside),
            all: ErrorStatistics(
                queries: movedQueries + otherQueries, errors: movedErrors + otherErrors,
                insideRadius: movedInside + otherInside))
    }
}
