import Foundation
import JSONCodec

/// A pooled run for people and for scripts: every evaluation's line, then the radius coverage
/// pooled over them (`PooledCoverage`).
public struct PooledReport: Sendable {
    /// What was evaluated.
    public var title: String
    /// What a line is labelled by: `seed` (towns), `device` or `session`.
    public var labelName: String
    /// One line per evaluation.
    public var lines: [PooledLine]
    /// The estimator whose radius coverage is pooled.
    public var estimator: String
    /// The coverage pooled over the lines.
    public let pooled: PooledCoverage
    /// Every line's queries as one evaluation: each estimator's answered share, error
    /// percentiles and both radii's coverage over all of them.
    public let combined: EvaluationReport

    /// The report of `lines`, pooling `estimator`'s coverage.
    public init(title: String, labelName: String, lines: [PooledLine], estimator: String) {
        self.title = title
        self.labelName = labelName
        self.lines = lines
        self.estimator = estimator
        pooled = PooledCoverage(reports: lines.map(\.report), estimator: estimator)
        var floor = MapFloor()
        for line in lines { floor.merge(line.report.mapFloor) }
        let pairs = lines.compactMap(\.report.paired)
        let paired = pairs.dropFirst().reduce(into: pairs.first) { $0?.merge($1) }
        let outcomes = lines.enumerated().flatMap { index, line in
            line.report.outcomes.map { outcome in
                var outcome = outcome
                outcome.cluster = index
                return outcome
            }
        }
        combined = EvaluationReport(outcomes: outcomes, mapFloor: floor, paired: paired)
    }

    /// What the lines are, in the plural: `towns`, `devices` or `sessions`.
    public var pluralName: String { labelName == "seed" ? "towns" : labelName + "s" }

    /// The tables and the closing line, for people.
    public var text: String {
        var text = title + ":\n"
        text += linesTable
        text += "\n"
        text += "Truth inside the \(estimator) radius, pooled (target \(Int(pooled.target * 100)) %):\n"
        text += pooledTable
        let what = pluralName
        text += String(
            format: "%@ holding %d %% in every judged row: %d of %d; a radius holding exactly %d %% would, by binomial luck alone, in %.1f of %d.",
            what.prefix(1).uppercased() + what.dropFirst(), Int(pooled.target * 100), pooled.evaluationsOnTarget, lines.count,
            Int(pooled.target * 100), pooled.expectedOnTarget, lines.count) + "\n"
        text += "\nAll \(lines.count) \(pluralName)' queries as one evaluation (intervals, as above, over the \(pluralName)):\n"
        text += combined.table
        return text
    }

    private var linesTable: String {
        func metres(_ value: Double?) -> String { value.map { String(format: "%.1f m", $0) } ?? "-" }
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", 100 * $0) } ?? "-" }
        var rows = [[
            labelName, "Wi-Fi queries", "answered", "median", "p90", "peer answered", "peer median", "ratio", "inside",
            "outside hull", "bins (≥ \(pooled.minimumQueries)) off \(Int(pooled.target * 100)) %",
        ]]
        for line in lines {
            rows.append([
                line.label, String(line.wifi?.queries ?? 0), percent(line.wifi?.answeredFraction), metres(line.wifi?.median),
                metres(line.wifi?.p90), percent(line.peerWiFi?.answeredFraction), metres(line.peerWiFi?.median),
                line.ratio.map { String(format: "%.2f×", $0) } ?? "-", percent(line.wifi?.insideRadiusFraction),
                line.report.mapFloor.distances.isEmpty ? "-" : percent(line.report.mapFloor.outsideFraction),
                line.missedBins.isEmpty ? "none" : line.missedBins.map { "\($0.0) \(percent($0.1))" }.joined(separator: ", "),
            ])
        }
        let ratios = lines.compactMap(\.ratio).sorted()
        if let median = ErrorStatistics.percentile(0.5, ofSorted: ratios), let worst = ratios.last {
            rows.append([])
            rows.append(["ratio", "median \(String(format: "%.2f×", median))", "worst \(String(format: "%.2f×", worst))"])
        }
        return TextTable.render(rows, textColumns: 1)
    }

    private var pooledTable: String {
        var rows = [[
            "source", "bin", "evaluations", "answered", "inside 68 % (95 % CI)", "inside 95 % (95 % CI)", "spread between",
            "binomial spread", "judged", "off target",
        ]]
        for row in pooled.rows {
            rows.append([
                row.source, row.bin, String(row.evaluations), String(row.answered),
                ErrorStatistics.share(row.pooledFraction, row.intervalByEvaluation),
                ErrorStatistics.share(row.pooledFraction95, row.interval95ByEvaluation),
                row.spreadBetween.map { String(format: "%.1f pts", 100 * $0) } ?? "-",
                row.binomialSpread(target: pooled.target).map { String(format: "%.1f pts", 100 * $0) } ?? "-",
                String(row.judgedFractions.count), String(row.missed),
            ])
        }
        return TextTable.render(rows, textColumns: 2)
            + "(intervals: the \(pluralName) as the units drawn, not their queries, which share a survey and miss together; none from one)\n"
    }

    /// One JSON object, for scripts.
    public var json: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("input"); writer.write(title)
        writer.writeKey("estimator"); writer.write(estimator)
        writer.writeKey("target"); writer.write(pooled.target, decimals: 2)
        writer.writeKey("onTarget"); writer.write(pooled.evaluationsOnTarget)
        writer.writeKey("expectedOnTarget"); writer.write(pooled.expectedOnTarget, decimals: 2)
        writer.writeKey(pluralName)
        writer.beginArray()
        for line in lines {
            writer.beginObject()
            writer.writeKey(labelName)
            if labelName == "seed", let seed = Int(line.label) { writer.write(seed) } else { writer.write(line.label) }
            writer.writeKey("wifiQueries"); writer.write(line.wifi?.queries ?? 0)
            writer.writeKey("wifiAnswered"); writer.write(line.wifi?.answered ?? 0)
            writer.writeKey("wifiMedian"); writer.write(line.wifi?.median, decimals: 1)
            writer.writeKey("wifiP90"); writer.write(line.wifi?.p90, decimals: 1)
            writer.writeKey("peerWifiAnswered"); writer.write(line.peerWiFi?.answered ?? 0)
            writer.writeKey("peerWifiMedian"); writer.write(line.peerWiFi?.median, decimals: 1)
            writer.writeKey("wifiInsideRadius"); writer.write(line.wifi?.insideRadiusFraction, decimals: 4)
            let floor = line.report.mapFloor
            writer.writeKey("mapFloorOutside"); writer.write(floor.distances.isEmpty ? nil : floor.outsideFraction, decimals: 4)
            writer.writeKey("mapFloorP68"); writer.write(floor.statistics.p68, decimals: 1)
            writer.writeKey("mapFloorP90"); writer.write(floor.statistics.p90, decimals: 1)
            writer.writeKey("binsOffTarget")
            writer.beginArray()
            for (bin, _) in line.missedBins { writer.write(bin) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.writeKey("pooled")
        writer.beginArray()
        for row in pooled.rows {
            writer.beginObject()
            writer.writeKey("source"); writer.write(row.source)
            writer.writeKey("bin"); writer.write(row.bin)
            writer.writeKey("evaluations"); writer.write(row.evaluations)
            writer.writeKey("answered"); writer.write(row.answered)
            writer.writeKey("insideRadius"); writer.write(row.inside)
            writer.writeKey("insideRadiusFraction"); writer.write(row.pooledFraction, decimals: 4)
            writer.writeKey("insideRadiusInterval"); writer.write(row.pooledInterval, decimals: 4)
            writer.writeKey("insideRadiusIntervalByEvaluation"); writer.write(row.intervalByEvaluation, decimals: 4)
            writer.writeKey("insideRadius95"); writer.write(row.inside95)
            writer.writeKey("insideRadius95Fraction"); writer.write(row.pooledFraction95, decimals: 4)
            writer.writeKey("insideRadius95IntervalByEvaluation"); writer.write(row.interval95ByEvaluation, decimals: 4)
            writer.writeKey("spreadBetween"); writer.write(row.spreadBetween, decimals: 4)
            writer.writeKey("binomialSpread"); writer.write(row.binomialSpread(target: pooled.target), decimals: 4)
            writer.writeKey("judged"); writer.write(row.judgedFractions.count)
            writer.writeKey("offTarget"); writer.write(row.missed)
            writer.endObject()
        }
        writer.endArray()
        writer.writeKey("combined")
        writer.beginObject()
        combined.writeMembers(to: &writer)
        writer.endObject()
        writer.endObject()
        return writer.string
    }
}
