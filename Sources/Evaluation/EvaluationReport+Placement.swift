import Foundation
import JSONCodec
import PositioningCore

/// Figures of the queries on and off the surveyed streets, apart: a calibration learned from
/// the survey's own scans holds for the first and is tested by the second.
public struct PlacementGroup: Hashable, Sendable {
    public var estimator: String
    /// `wifi`, `cell`, `mixed`, or `all`: the fix's source as in `EvaluationGroup`.
    public var source: String
    /// True for the off-survey queries.
    public var isOffSurvey: Bool
    public var statistics: ErrorStatistics
}

extension EvaluationReport {
    /// Per estimator, per source (and all), the on- and off-survey queries' figures; empty
    /// unless some truth line marked a query off-survey.
    public var placementGroups: [PlacementGroup] {
        guard outcomes.contains(where: { $0.isOffSurvey == true }) else { return [] }
        var estimators: [String] = []
        for outcome in outcomes where !estimators.contains(outcome.estimator) { estimators.append(outcome.estimator) }
        var groups: [PlacementGroup] = []
        for estimator in estimators {
            let mine = outcomes.filter { $0.estimator == estimator }
            let sources = [("all", nil)] + LocationSource.allCases.map { ($0.rawValue, Optional($0)) }
            for (name, source) in sources {
                let bySource = source.map { source in mine.filter { $0.source == source } } ?? mine
                for offSurvey in [false, true] {
                    let placed = bySource.filter { ($0.isOffSurvey ?? false) == offSurvey }
                    guard !placed.isEmpty else { continue }
                    groups.append(PlacementGroup(
                        estimator: estimator, source: name, isOffSurvey: offSurvey, statistics: Self.statistics(placed)))
                }
            }
        }
        return groups
    }

    /// The on/off-survey table after the main one, or nothing when no query was marked.
    var placementTable: String {
        let groups = placementGroups
        guard !groups.isEmpty else { return "" }
        var rows = [["estimator", "source", "queries", "n", "answered", "median", "p90",
                     "inside 68 % radius (95 % CI)", "inside 95 % radius (95 % CI)"]]
        for group in groups {
            let statistics = group.statistics
            func metres(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
            rows.append([
                group.estimator, group.source, group.isOffSurvey ? "off-survey" : "on-survey", String(statistics.queries),
                String(format: "%.1f %%", 100 * statistics.answeredFraction), metres(statistics.median), metres(statistics.p90),
                ErrorStatistics.share(statistics.insideRadiusFraction, statistics.insideRadiusInterval),
                ErrorStatistics.share(statistics.insideRadius95Fraction, statistics.insideRadius95Interval),
            ])
        }
        return "on and off the surveyed streets (off-survey: marked \"offSurvey\":true in the truth file; "
            + "simulate marks the queries over 150 m from every survey scan):\n"
            + TextTable.render(rows, textColumns: 3)
    }

    /// `"placement":[{"estimator","source","offSurvey","n",…}]`, when any query was marked.
    func writePlacement(to writer: inout JSONWriter) {
        let groups = placementGroups
        guard !groups.isEmpty else { return }
        writer.writeKey("placement")
        writer.beginArray()
        for group in groups {
            let statistics = group.statistics
            writer.beginObject()
            writer.writeKey("estimator"); writer.write(group.estimator)
            writer.writeKey("source"); writer.write(group.source)
            writer.writeKey("offSurvey"); writer.write(group.isOffSurvey)
            writer.writeKey("n"); writer.write(statistics.queries)
            writer.writeKey("answered"); writer.write(statistics.answered)
            Self.writePercentiles(statistics, to: &writer)
            writer.writeKey("insideRadiusFraction"); writer.write(statistics.insideRadiusFraction, decimals: 4)
            writer.writeKey("insideRadiusInterval"); writer.write(statistics.insideRadiusInterval, decimals: 4)
            writer.writeKey("insideRadius95Fraction"); writer.write(statistics.insideRadius95Fraction, decimals: 4)
            writer.writeKey("insideRadius95Interval"); writer.write(statistics.insideRadius95Interval, decimals: 4)
            writer.endObject()
        }
        writer.endArray()
    }
}
