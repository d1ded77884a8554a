import Foundation
import JSONCodec
import PositioningCore

/// What one estimator made of one held-out query.
public struct EvaluationOutcome: Hashable, Sendable {
    /// The estimator's name (`whereabouts`, `ichnaea`).
    public var estimator: String
    /// The fix's source; for an unanswered query, what it carried (Wi-Fi if any AP, else cell).
    public var source: LocationSource
    /// Emitter-count bin: of the emitters used, or of those heard when unanswered.
    public var bin: RadiusCalibration.CountBin
    /// Error in metres; nil when the query was not answered.
    public var error: Double?
    /// The reported (68 %) radius in metres; nil when not answered.
    public var radius: Double?
    /// The reported 95 % radius in metres; nil when not answered.
    public var radius95: Double?
    /// Whether the query stood off the surveyed streets (its truth line said
    /// `"offSurvey":true`); nil when its truth line did not say.
    public var isOffSurvey: Bool?
    /// The unit the query was drawn with, whose queries miss together: in a pooled run its
    /// evaluation (town, held-out session or phone, by position), in a survey split its
    /// recording session (its truth line's `"session"`, by first appearance); nil when the
    /// query was drawn on its own. Intervals count these units, not queries.
    public var cluster: Int?

    public init(
        estimator: String, source: LocationSource, bin: RadiusCalibration.CountBin, error: Double?, radius: Double?,
        radius95: Double? = nil, isOffSurvey: Bool? = nil, cluster: Int? = nil
    ) {
        self.estimator = estimator
        self.source = source
        self.bin = bin
        self.error = error
        self.radius = radius
        self.radius95 = radius95
        self.isOffSurvey = isOffSurvey
        self.cluster = cluster
    }

    /// Whether the truth lay inside the reported 95 % radius.
    public var isInsideRadius95: Bool {
        guard let error, let radius95 else { return false }
        return error <= radius95
    }

    /// Whether the truth lay inside the reported radius.
    public var isInsideRadius: Bool {
        guard let error, let radius else { return false }
        return error <= radius
    }
}

/// Figures of one row of the report: an estimator, a source (or all), a bin (or all).
public struct EvaluationGroup: Hashable, Sendable {
    public var estimator: String
    /// `wifi`, `cell`, `mixed`, or `all`.
    public var source: String
    /// `1`, `2`, `3-4`, `5-9`, `10+`, or `all`.
    public var bin: String
    public var statistics: ErrorStatistics
}

/// The outcome of an evaluation: every query's result per estimator, summarized per estimator,
/// source and emitter-count bin, as a text table or JSON.
///
/// ```swift
/// let report = EvaluationReport(outcomes: outcomes)
/// print(report.table)
/// ```
public struct EvaluationReport: Sendable {
    public var outcomes: [EvaluationOutcome]
    /// How far the truth lay outside the hull of the heard access points' map positions, per
    /// Wi-Fi query (empty when not measured).
    public var mapFloor: MapFloor
    /// The first two estimators' errors on the queries both answered (nil with one estimator).
    public var paired: PairedErrors?
    /// What the outcomes' clusters are, in the plural (`recording sessions`), when the table
    /// is to say its intervals count them; nil where a heading says so (a pooled run's).
    public var clusterName: String?

    public init(
        outcomes: [EvaluationOutcome], mapFloor: MapFloor = MapFloor(), paired: PairedErrors? = nil, clusterName: String? = nil
    ) {
        self.outcomes = outcomes
        self.mapFloor = mapFloor
        self.paired = paired
        self.clusterName = clusterName
    }

    /// How many units the outcomes were drawn in (`EvaluationOutcome.cluster`); 0 when each
    /// was drawn on its own.
    public var clusterCount: Int { Set(outcomes.compactMap(\.cluster)).count }

    /// The report with every query taken as drawn on its own (Wilson's intervals): how a
    /// pooled run judges each of its evaluations.
    public var withoutClusters: EvaluationReport {
        var report = self
        for index in report.outcomes.indices { report.outcomes[index].cluster = nil }
        report.clusterName = nil
        return report
    }

    /// Rows in a stable order: per estimator (first seen first), all queries, then each source
    /// with its bins.
    public var groups: [EvaluationGroup] {
        var estimators: [String] = []
        for outcome in outcomes where !estimators.contains(outcome.estimator) { estimators.append(outcome.estimator) }
        var groups: [EvaluationGroup] = []
        for estimator in estimators {
            let mine = outcomes.filter { $0.estimator == estimator }
            groups.append(EvaluationGroup(estimator: estimator, source: "all", bin: "all", statistics: Self.statistics(mine)))
            for source in LocationSource.allCases {
                let bySource = mine.filter { $0.source == source }
                guard !bySource.isEmpty else { continue }
                groups.append(EvaluationGroup(
                    estimator: estimator, source: source.rawValue, bin: "all", statistics: Self.statistics(bySource)))
                for bin in RadiusCalibration.CountBin.allCases {
                    let byBin = bySource.filter { $0.bin == bin }
                    guard !byBin.isEmpty else { continue }
                    groups.append(EvaluationGroup(
                        estimator: estimator, source: source.rawValue, bin: bin.rawValue, statistics: Self.statistics(byBin)))
                }
            }
        }
        return groups
    }

    static func statistics(_ outcomes: [EvaluationOutcome]) -> ErrorStatistics {
        var statistics = ErrorStatistics(
            queries: outcomes.count, errors: outcomes.compactMap(\.error), insideRadius: outcomes.count(where: \.isInsideRadius),
            insideRadius95: outcomes.count(where: \.isInsideRadius95))
        let evaluations = Dictionary(grouping: outcomes.filter { $0.error != nil }) { $0.cluster }
        statistics.byEvaluation = evaluations.keys.compactMap { $0 }.sorted().map { key in
            let mine = evaluations[key]!
            return ErrorStatistics.EvaluationCounts(
                answered: mine.count, insideRadius: mine.count(where: \.isInsideRadius),
                insideRadius95: mine.count(where: \.isInsideRadius95))
        }
        return statistics
    }

    /// A fixed-width table for people.
    public var table: String {
        let header = ["estimator", "source", "bin", "n", "answered", "median", "p68", "p90", "p95", "inside 68 % radius (95 % CI)",
                      "inside 95 % radius (95 % CI)"]
        var rows = [header]
        for group in groups {
            let statistics = group.statistics
            func metres(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
            rows.append([
                group.estimator, group.source, group.bin, String(statistics.queries),
                String(format: "%.1f %%", 100 * statistics.answeredFraction), metres(statistics.median),
                metres(statistics.p68), metres(statistics.p90), metres(statistics.p95),
                ErrorStatistics.share(statistics.insideRadiusFraction, statistics.insideRadiusInterval),
                ErrorStatistics.share(statistics.insideRadius95Fraction, statistics.insideRadius95Interval),
            ])
        }
        // Text columns (estimator, source, bin) left-aligned, figures right-aligned.
        return TextTable.render(rows, textColumns: 3) + clusterSentence + placementTable + (paired?.table ?? "") + floorSentence
    }

    /// A line on what the intervals count, or nothing when each query was drawn on its own.
    var clusterSentence: String {
        guard let clusterName, clusterCount >= 2 else { return "" }
        return "(intervals: the \(clusterCount) \(clusterName) of the queries as the units drawn, not the queries, "
            + "which share a walk and miss together; none from one)\n"
    }

    /// A line on the map floor after the table, or nothing when it was not measured.
    var floorSentence: String {
        let statistics = mapFloor.statistics
        guard let median = statistics.median, let p68 = statistics.p68, let p90 = statistics.p90 else { return "" }
        return String(
            format: "map floor (%d Wi-Fi queries hearing an access point the map holds): the truth lies outside the hull of "
                + "their positions for %.1f %%, by a median %.1f m, p68 %.1f m, p90 %.1f m; an answer averaging those "
                + "positions errs at least that much (both estimators' centroids; a fingerprint match need not).\n",
            statistics.queries, 100 * mapFloor.outsideFraction, median, p68, p90)
    }

    /// The groups as JSON: `{"groups":[{"estimator","source","bin","n","answered",…}]}`, with
    /// `extra` members written first.
    public func json(extra: (inout JSONWriter) -> Void = { _ in }) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        extra(&writer)
        writeMembers(to: &writer)
        writer.endObject()
        return writer.string
    }

    /// The members `json` writes after its `extra` ones — `groups` and `mapFloor` — into an
    /// object `writer` has begun.
    public func writeMembers(to writer: inout JSONWriter) {
        writer.writeKey("groups")
        writer.beginArray()
        for group in groups {
            let statistics = group.statistics
            writer.beginObject()
            writer.writeKey("estimator"); writer.write(group.estimator)
            writer.writeKey("source"); writer.write(group.source)
            writer.writeKey("bin"); writer.write(group.bin)
            writer.writeKey("n"); writer.write(statistics.queries)
            writer.writeKey("answered"); writer.write(statistics.answered)
            writer.writeKey("answeredFraction"); writer.write(statistics.answeredFraction, decimals: 4)
            Self.writePercentiles(statistics, to: &writer)
            writer.writeKey("insideRadius"); writer.write(statistics.insideRadius)
            writer.writeKey("insideRadiusFraction"); writer.write(statistics.insideRadiusFraction, decimals: 4)
            writer.writeKey("insideRadiusInterval"); writer.write(statistics.insideRadiusInterval, decimals: 4)
            writer.writeKey("insideRadius95"); writer.write(statistics.insideRadius95)
            writer.writeKey("insideRadius95Fraction"); writer.write(statistics.insideRadius95Fraction, decimals: 4)
            writer.writeKey("insideRadius95Interval"); writer.write(statistics.insideRadius95Interval, decimals: 4)
            writer.endObject()
        }
        writer.endArray()
        if let clusterName, clusterCount >= 2 {
            writer.writeKey("intervalUnits")
            writer.beginObject()
            writer.writeKey("name"); writer.write(clusterName)
            writer.writeKey("count"); writer.write(clusterCount)
            writer.endObject()
        }
        writePlacement(to: &writer)
        paired?.write(to: &writer)
        if !mapFloor.distances.isEmpty {
            let statistics = mapFloor.statistics
            writer.writeKey("mapFloor")
            writer.beginObject()
            writer.writeKey("queries"); writer.write(statistics.queries)
            writer.writeKey("outsideFraction"); writer.write(mapFloor.outsideFraction, decimals: 4)
            Self.writePercentiles(statistics, to: &writer)
            writer.endObject()
        }
    }

    /// `median`, `p68`, `p90` and `p95` of `statistics` in metres, null where nothing was answered.
    static func writePercentiles(_ statistics: ErrorStatistics, to writer: inout JSONWriter) {
        for (key, value) in [("median", statistics.median), ("p68", statistics.p68), ("p90", statistics.p90), ("p95", statistics.p95)] {
            writer.writeKey(key); writer.write(value, decimals: 1)
        }
    }
}
