import Foundation
import Geolocation
import IchnaeaEstimator
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import SystemSupport

/// Held-out queries scored against their truth through the `Geolocation` pipeline: every query
/// of a geolocate-request file answered by each estimator — the answer `locate` and `serve`
/// give with the same map and radius factors — and scored against its line of a truth file
/// (`{"lat":…,"lng":…}`), with the map floor of its Wi-Fi queries. `eval --town`, `--survey`,
/// `--queries` and the pooled evaluations all score this way.
///
/// ```swift
/// let evaluation = QueryEvaluation(estimators: [.whereabouts, .ichnaea], radius: .stored)
/// let report = try evaluation.evaluate(queries: "q.jsonl", truth: "t.jsonl", radioMap: map)
/// print(report.table)
/// ```
public struct QueryEvaluation: Sendable {
    /// The estimators, in the report's order; the first one's answers are the ones `answers` gets.
    public var estimators: [EstimatorChoice]
    /// Where the radius factors come from (`.stored`: the map's, as `locate` applies them).
    public var radius: GeolocationParameters.RadiusFactors
    /// Which stations the Ichnaea peer locates against.
    public var ichnaeaStations: IchnaeaStations = .shared

    /// The map the Ichnaea peer meets.
    public enum IchnaeaStations: String, Sendable, CaseIterable {
        /// The radio map's own emitters, as Whereabouts reads them: the comparison is of the
        /// locators alone.
        case shared
        /// Access points and survey cells built from the map's survey sightings by Ichnaea's
        /// own station builder (`IchnaeaSurveyStations`): the comparison counts map-building.
        /// Reports name the peer `ichnaea-built`.
        case built
    }

    /// An evaluation of `estimators` with the radius factors `radius`.
    public init(estimators: [EstimatorChoice], radius: GeolocationParameters.RadiusFactors) {
        self.estimators = estimators
        self.radius = radius
    }

    /// The report for `queries` scored against `truth` (files, line for line) on `radioMap`.
    /// `answers`, when given, receives the first estimator's geolocate JSON for each query, a
    /// line each with its newline: for the map's stored factors, what `locate --batch` writes.
    /// - Throws: `EvaluationError.badInput` for a file that cannot be read, a query that is not
    ///   a geolocate request or a truth line without `lat`/`lng` (with its file and line
    ///   number), or files of different lengths; `RadioMapError` when the map cannot be read.
    public func evaluate(
        queries: String, truth: String, radioMap: RadioMap, answers: ((_ line: [UInt8]) -> Void)? = nil
    ) throws -> EvaluationReport {
        var requests: [ArraySlice<UInt8>] = []
        try Self.forEachLine(queries) { requests.append($0) }
        let (truths, offSurvey, sessions) = try Self.truths(in: truth)
        let clusters = Self.clusters(of: sessions)
        guard requests.count == truths.count else {
            throw EvaluationError.badInput("\(queries) has \(requests.count) lines but \(truth) has \(truths.count)")
        }
        guard !estimators.isEmpty else { return EvaluationReport(outcomes: [], mapFloor: MapFloor()) }
        let now = Date()
        // One geolocator per estimator over the same connection; the first one's lookup (the
        // same for all: their fingerprints are matched alike) is answered by each.
        let geolocators = try estimators.map { choice in
            try GeolocationEngine(radioMap: radioMap, parameters: GeolocationParameters(estimator: choice, radius: radius))
                .geolocator(using: radioMap)
        }
        var outcomes: [EvaluationOutcome] = []
        var floor = MapFloor()
        // The peer on stations of its own making is named so in every table and JSON.
        let names = estimators.map { $0 == .ichnaea && ichnaeaStations == .built ? "ichnaea-built" : $0.name }
        var paired = estimators.count >= 2 ? PairedErrors(estimator: names[0], reference: names[1]) : nil
        // Ichnaea's own stations, when it is to meet them: built once from the map's survey.
        var built: IchnaeaSurveyStations?
        if ichnaeaStations == .built, estimators.contains(.ichnaea) {
            built = IchnaeaSurveyStations(
                scans: try radioMap.surveyScans(), publishedCells: Set(try radioMap.publishedCells().keys), now: now)
        }
        for (index, bytes) in requests.enumerated() {
            let request: GeolocateRequest
            do {
                request = try GeolocateRequest.parse(Array(bytes))
            } catch {
                throw EvaluationError.badInput("\(queries):\(index + 1): \(error)")
            }
            let lookup = try geolocators[0].lookUp(request, now: now)
            let heardSource: LocationSource = request.wifiAccessPoints.isEmpty ? .cell : .wifi
            floor.add(truth: truths[index], knownPositions: lookup.input.accessPoints.values.map(\.coordinate))
            let heardBin = RadiusCalibration.CountBin(
                count: heardSource == .wifi ? request.wifiAccessPoints.count : request.cellTowers.count)
            // Each estimator's error and the source it answered from; nil where it gave no answer.
            var results: [(error: Double, source: LocationSource)?] = []
            for (number, geolocator) in geolocators.enumerated() {
                var ownLookup = lookup
                if estimators[number] == .ichnaea, let built {
                    ownLookup.input = built.supplying(lookup.input)
                }
                let answer = try geolocator.answer(ownLookup)
                if number == 0, let answers { answers(GeolocateJSON.bytes(for: answer) + [UInt8(ascii: "\n")]) }
                let name = names[number]
                guard let location = answer.location else {
                    results.append(nil)
                    outcomes.append(EvaluationOutcome(
                        estimator: name, source: heardSource, bin: heardBin, error: nil, radius: nil,
                        isOffSurvey: offSurvey[index], cluster: clusters[index]))
                    continue
                }
                // The calibration bin the fix's radius was scaled by (the estimate does not say).
                let bin = InspectedFix.inspect(geolocator.estimator, input: ownLookup.input)?.bin
                    ?? RadiusCalibration.CountBin(count: answer.used.count)
                let error = Geodesy.distance(from: location.coordinate, to: truths[index])
                results.append((error, location.source))
                outcomes.append(EvaluationOutcome(
                    estimator: name, source: location.source, bin: bin,
                    error: error, radius: location.horizontalAccuracy,
                    radius95: location.accuracy95, isOffSurvey: offSurvey[index], cluster: clusters[index]))
            }
            if results.count > 1, let ours = results[0], let theirs = results[1] {
                paired?.add(
                    source: heardSource, error: ours.error, referenceError: theirs.error,
                    answeredFrom: (ours.source, theirs.source))
            }
        }
        return EvaluationReport(
            outcomes: outcomes, mapFloor: floor, paired: paired, clusterName: clusters.contains { $0 != nil } ? "recording sessions" : nil)
    }

    /// The true positions of a truth file, a line each (`lng` or `lon`), whether each query
    /// stands off the surveyed streets (`"offSurvey"`; nil when the line does not say) and the
    /// recording session it was held out of (`"session"`, as `SurveySplit` writes it; nil when
    /// the line does not say).
    static func truths(in path: String) throws -> (truths: [Coordinate], offSurvey: [Bool?], sessions: [String?]) {
        var truths: [Coordinate] = []
        var offSurvey: [Bool?] = []
        var sessions: [String?] = []
        try forEachLine(path) { line in
            guard let value = try? JSONParser.parse(line), let latitude = value["lat"]?.doubleValue,
                let longitude = value["lng"]?.doubleValue ?? value["lon"]?.doubleValue
            else {
                throw EvaluationError.badInput("\(path):\(truths.count + 1): expected {\"lat\":…,\"lng\":…}")
            }
            truths.append(Coordinate(latitude: latitude, longitude: longitude))
            offSurvey.append(value["offSurvey"]?.boolValue)
            sessions.append(value["session"]?.stringValue)
        }
        return (truths, offSurvey, sessions)
    }

    /// Each query's cluster (`EvaluationOutcome.cluster`) when the truth names at least two
    /// sessions: its session's number by first appearance, and a number of its own for a line
    /// that names none (drawn on its own). Otherwise nil for all: the queries of one session
    /// are that session's draws.
    static func clusters(of sessions: [String?]) -> [Int?] {
        var numbers: [String: Int] = [:]
        for case let session? in sessions where numbers[session] == nil { numbers[session] = numbers.count }
        guard numbers.count >= 2 else { return sessions.map { _ in nil } }
        var next = numbers.count
        return sessions.map { session in
            if let session { return numbers[session] }
            defer { next += 1 }
            return next
        }
    }

    private static func forEachLine(_ path: String, _ body: (ArraySlice<UInt8>) throws -> Void) throws {
        do {
            try LineReader.forEachLine(ofFile: path, body)
        } catch is Errno {
            throw EvaluationError.badInput("cannot read \(path)")
        }
    }
}
