import Foundation
import JSONCodec
import PositioningCore

/// Two estimators' errors on the queries both answered: the comparison that does not reward
/// answering less often (an estimator that declines the hard queries has a lower median over its
/// own answers).
///
/// ```swift
/// var paired = PairedErrors(estimator: "whereabouts", reference: "ichnaea")
/// paired.add(source: .wifi, error: 41.0, referenceError: 52.5)
/// print(paired.table)
/// ```
public struct PairedErrors: Hashable, Sendable {
    /// One query both answered: what it carried (Wi-Fi if any access point, else cell) and the two errors.
    public struct Pair: Hashable, Sendable {
        public var source: LocationSource
        public var error: Double
        public var referenceError: Double
    }

    /// The estimator compared (the first of the evaluation).
    public var estimator: String
    /// The one it is compared with (the second).
    public var reference: String
    /// Every query both answered.
    public private(set) var pairs: [Pair] = []

    public init(estimator: String, reference: String) {
        self.estimator = estimator
        self.reference = reference
    }

    /// Adds a query both answered.
    public mutating func add(source: LocationSource, error: Double, referenceError: Double) {
        pairs.append(Pair(source: source, error: error, referenceError: referenceError))
    }

    /// Adds `other`'s pairs (of the same two estimators).
    public mutating func merge(_ other: PairedErrors) {
        pairs += other.pairs
    }

    /// One row: the pairs of a source (nil: all), both estimators' median and p90 and their ratios.
    public struct Row: Hashable, Sendable {
        public var source: String
        public var count: Int
        public var median: Double
        public var referenceMedian: Double
        public var p90: Double
        public var referenceP90: Double
        /// `median / referenceMedian` (nil when the reference's is 0).
        public var medianRatio: Double? { referenceMedian > 0 ? median / referenceMedian : nil }
        /// `p90 / referenceP90` (nil when the reference's is 0).
        public var p90Ratio: Double? { referenceP90 > 0 ? p90 / referenceP90 : nil }
    }

    /// All pairs, then each source that has any.
    public var rows: [Row] {
        var rows: [Row] = []
        for source in [nil] + LocationSource.allCases.map(Optional.some) {
            let mine = pairs.filter { source == nil || $0.source == source }
            let ours = mine.map(\.error).sorted()
            let theirs = mine.map(\.referenceError).sorted()
            guard let median = ErrorStatistics.percentile(0.5, ofSorted: ours),
                let referenceMedian = ErrorStatistics.percentile(0.5, ofSorted: theirs),
                let p90 = ErrorStatistics.percentile(0.9, ofSorted: ours),
                let referenceP90 = ErrorStatistics.percentile(0.9, ofSorted: theirs)
            else { continue }
            rows.append(Row(
                source: source?.rawValue ?? "all", count: mine.count, median: median, referenceMedian: referenceMedian,
                p90: p90, referenceP90: referenceP90))
        }
        return rows
    }

    /// The rows for people, headed by what they compare; nothing when no query was answered by both.
    public var table: String {
        let rows = rows
        guard !rows.isEmpty else { return "" }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "-" }
        var table = [["source", "both answered", "\(estimator) median", "\(reference) median", "ratio",
                      "\(estimator) p90", "\(reference) p90", "ratio"]]
        for row in rows {
            table.append([
                row.source, String(row.count), String(format: "%.1f", row.median), String(format: "%.1f", row.referenceMedian),
                ratio(row.medianRatio), String(format: "%.1f", row.p90), String(format: "%.1f", row.referenceP90),
                ratio(row.p90Ratio),
            ])
        }
        return "on the queries both \(estimator) and \(reference) answer (by what the query carried):\n"
            + TextTable.render(table, textColumns: 1)
    }

    /// `"paired":{"estimator","reference","rows":[{"source","n","median","referenceMedian","p90","referenceP90"}]}`.
    func write(to writer: inout JSONWriter) {
        writer.writeKey("paired")
        writer.beginObject()
        writer.writeKey("estimator"); writer.write(estimator)
        writer.writeKey("reference"); writer.write(reference)
        writer.writeKey("rows")
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.writeKey("source"); writer.write(row.source)
            writer.writeKey("n"); writer.write(row.count)
            writer.writeKey("median"); writer.write(row.median, decimals: 1)
            writer.writeKey("referenceMedian"); writer.write(row.referenceMedian, decimals: 1)
            writer.writeKey("p90"); writer.write(row.p90, decimals: 1)
            writer.writeKey("referenceP90"); writer.write(row.referenceP90, decimals: 1)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
