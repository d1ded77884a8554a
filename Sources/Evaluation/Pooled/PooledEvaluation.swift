import Foundation
import Geolocation
import PositioningCore
import RadioMap
import Synchronization
import WorldSimulator

/// Many evaluations pooled: one fresh `simulate` town per seed (`eval --towns`), every
/// device model of a survey held out in turn (`eval --split-device each`), or every recording
/// session of survey files (`eval --split-session`). Each evaluation's
/// map is calibrated from its own survey (as `db calibrate` does) and its queries scored; they
/// run on every core, and their lines come back in order (see `PooledReport`).
///
/// ```swift
/// let pooled = PooledEvaluation(estimators: [.whereabouts, .ichnaea], calibration: MapCalibration())
/// let lines = try pooled.towns(seeds: Array(9...40), centre: TownSpecification.defaultCentre, size: .small)
/// print(PooledReport(title: "32 towns", labelName: "seed", lines: lines, estimator: "whereabouts").text)
/// ```
public struct PooledEvaluation: Sendable {
    /// Locates every query of `queries` against `radioMap` (its radius scaled by `factors`,
    /// the map's own, just computed) and scores it against its line of `truth`: the caller's
    /// estimators, answering as `eval` answers.
    public typealias Scorer = @Sendable (
        _ queries: String, _ truth: String, _ radioMap: RadioMap, _ factors: [CalibrationFactor]
    ) throws -> EvaluationReport

    /// How each map is calibrated from its own survey.
    public var calibration: MapCalibration
    /// How each workspace's queries are scored.
    public var score: Scorer
    /// Told, from any thread, how many evaluations are done of how many.
    public var progress: (@Sendable (_ done: Int, _ count: Int) -> Void)?
    /// How the towns' surveys are logged (`towns`): a row per network per scan, or as the WiGLE
    /// app writes them.
    public var surveyLogging = SurveyLogging.everyScan

    /// Pools evaluations calibrated as `calibration` says, scored by `score`.
    public init(
        calibration: MapCalibration, score: @escaping Scorer, progress: (@Sendable (_ done: Int, _ count: Int) -> Void)? = nil
    ) {
        self.calibration = calibration
        self.score = score
        self.progress = progress
    }

    /// Pools evaluations of `estimators` scored as `eval` scores (`QueryEvaluation`): each
    /// map's queries answered with its radius scaled by the factors just computed from its own
    /// survey, the Ichnaea peer against `ichnaeaStations`.
    ///
    /// ```swift
    /// let pooled = PooledEvaluation(estimators: [.whereabouts, .ichnaea], calibration: MapCalibration())
    /// ```
    public init(
        estimators: [EstimatorChoice], calibration: MapCalibration,
        ichnaeaStations: QueryEvaluation.IchnaeaStations = .shared,
        progress: (@Sendable (_ done: Int, _ count: Int) -> Void)? = nil
    ) {
        self.init(
            calibration: calibration,
            score: { queries, truth, radioMap, factors in
                var evaluation = QueryEvaluation(estimators: estimators, radius: .factors(factors))
                evaluation.ichnaeaStations = ichnaeaStations
                return try evaluation.evaluate(queries: queries, truth: truth, radioMap: radioMap)
            }, progress: progress)
    }

    /// One town written by the simulator per seed, imported, calibrated and evaluated (its
    /// files removed after), a line each.
    public func towns(seeds: [UInt64], centre: Coordinate, size: TownSize) throws -> [PooledLine] {
        let reports = try concurrently(count: seeds.count) { index in
            try evaluateTown(seed: seeds[index], centre: centre, size: size)
        }
        return zip(seeds, reports).map { PooledLine(label: String($0), report: $1) }
    }

    /// One device split per device model of `survey` (its scans held out, every other phone's
    /// rows the survey), a line each.
    /// - Throws: `EvaluationError.badInput` when the survey names fewer than two models.
    public func devices(of survey: String, split: SurveySplit) throws -> [PooledLine] {
        let models = try SurveySplit.deviceModels(in: survey)
        guard models.count >= 2 else {
            throw EvaluationError.badInput(
                "\(survey) names \(models.count) device model(s) in a device_model column; --split-device each needs two or more")
        }
        let reports = try concurrently(count: models.count) { index in
            var held = split
            held.rule = .device(models[index])
            let workspace = try EvaluationWorkspace.survey(survey, split: held)
            defer { workspace.removeTemporaryFiles() }
            return try evaluate(workspace)
        }
        return zip(models, reports).map { PooledLine(label: $0, report: $1) }
    }

    /// One session split per recording session of `files` (`SurveySession`: each file, cut
    /// at time gaps longer than `gap` seconds): its scans held out, the rows of every other
    /// session the survey; a line each, labelled by the session, for sessions that held out at
    /// least one query.
    /// - Throws: `EvaluationError.badInput` when the files hold fewer than two sessions.
    public func sessions(of files: [String], gap: TimeInterval, split: SurveySplit) throws -> [PooledLine] {
        let sessions = try SurveySession.sessions(in: files, gap: gap)
        guard sessions.count >= 2 else {
            throw EvaluationError.badInput(
                "\(files.joined(separator: ", ")) \(files.count == 1 ? "holds" : "hold") \(sessions.count) recording session(s); "
                    + "--split-session needs two or more")
        }
        let reports = try concurrently(count: sessions.count) { index -> EvaluationReport? in
            var held = split
            held.rule = .session(path: sessions[index].path, index: sessions[index].index, gap: gap)
            let workspace = try EvaluationWorkspace.surveys(files, split: held)
            defer { workspace.removeTemporaryFiles() }
            // A session of fewer access points per scan than a query needs asks nothing.
            let size = (try? FileManager.default.attributesOfItem(atPath: workspace.queries)[.size] as? Int) ?? 0
            return size == 0 ? nil : try evaluate(workspace)
        }
        return zip(sessions, reports).compactMap { session, report in report.map { PooledLine(label: session.label, report: $0) } }
    }

    /// A workspace's map calibrated from its own survey (as `db calibrate` does, its kept scans
    /// stored) and its queries scored.
    public func evaluate(_ workspace: EvaluationWorkspace) throws -> EvaluationReport {
        let radioMap = try RadioMap(path: workspace.database, mode: .readWrite)
        let (factors, _) = try EvaluationCalibration.factors(
            for: radioMap, mode: .kfold, calibration: calibration, storingFingerprints: true)
        return try score(workspace.queries, workspace.truth, radioMap, factors)
    }

    private func evaluateTown(seed: UInt64, centre: Coordinate, size: TownSize) throws -> EvaluationReport {
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-town-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let town = Town(TownSpecification(seed: seed, centre: centre, size: size))
        do {
            // The walk is not evaluated here: one minute of it is enough.
            var writer = TownWriter(town: town, walkDuration: 60)
            writer.surveyLogging = surveyLogging
            _ = try writer.write(to: directory)
        } catch {
            throw EvaluationError.cannotWrite("cannot write town \(seed) to \(directory): \(error)")
        }
        let workspace = try EvaluationWorkspace.town(directory)
        defer { workspace.removeTemporaryFiles() }
        return try evaluate(workspace)
    }

    /// `body(0..<count)` on every core, the results in index order; the lowest index's error
    /// when any failed.
    private func concurrently<Value: Sendable>(count: Int, _ body: @escaping @Sendable (Int) throws -> Value) throws -> [Value] {
        let results = Mutex<[Int: Result<Value, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try body(index) }
            let done = results.withLock { results in
                results[index] = result
                return results.count
            }
            progress?(done, count)
        }
        return try results.withLock { results in try (0..<count).map { try results[$0]!.get() } }
    }
}
