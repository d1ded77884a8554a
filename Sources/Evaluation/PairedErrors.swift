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

    /// One row: the pairs of a source (or all), each estimator's errors on them and the ratios.
    public struct Row: Hashable, Sendable {
        public var source: String
        /// The compared estimator's errors on the row's pairs.
        public var errors: ErrorStatistics
        /// The reference's errors on the same queries.
        public var referenceErrors: ErrorStatistics
        /// Queries both answered.
        public var count: Int { errors.answered }
        /// Median over the reference's median (nil when the reference's is 0).
        public var medianRatio: Double? { Self.ratio(errors.median, referenceErrors.median) }
        /// p90 over the reference's p90 (nil when the reference's is 0).
        public var p90Ratio: Double? { Self.ratio(errors.p90, referenceErrors.p90) }

        private static func ratio(_ value: Double?, _ reference: Double?) -> Double? {
            guard let value, let reference, reference > 0 else { return nil }
            return value / reference
        }
    }

    /// All pairs, then each source that has any.
    public var rows: [Row] {
        ([nil] + LocationSource.allCases.map(Optional.some)).compactMap { source in
            let mine = pairs.filter { source == nil || $0.source == source }
            guard !mine.isEmpty else { return nil }
            func statistics(_ errors: [Double]) -> ErrorStatistics {
                ErrorStatistics(queries: errors.count, errors: errors, insideRadius: 0)
            }
            return Row(
                source: source?.rawValue ?? "all", errors: statistics(mine.map(\.error)),
                referenceErrors: statistics(mine.map(\.referenceError)))
        }
    }

    /// The rows for people, headed by what they compare; nothing when no query was answered by both.
    public var table: String {
        let rows = rows
        guard !rows.isEmpty else { return "" }
        func ratio(_ value: Double?) -> String { value.map { String(format: "%.2f×", $0) } ?? "-" }
        var table = [["source", "both answered", "\(estimator) median", "\(reference) median", "ratio",
                      "\(estimator) p90", "\(reference) p90", "ratio"]]
        for row in rows {
            func metres(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
            table.append([
                row.source, String(row.count), metres(row.errors.median), metres(row.referenceErrors.median),
                ratio(row.medianRatio), metres(row.errors.p90), metres(row.referenceErrors.p90), ratio(row.p90Ratio),
            ])
        }
        return "on the queries both \(estimator) and \(reference) answer (by what the query carried):\n"
            + TextTable.render(table, textColumns: 1)
    }

    /// `"paired":{"estimator","reference","rows":[{"source","n","errors":{"median","p68","p90","p95"},"referenceErrors":{…}}]}`.
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
            for (key, statistics) in [("errors", row.errors), ("referenceErrors", row.referenceErrors)] {
                writer.writeKey(key)
                writer.beginObject()
                EvaluationReport.writePercentiles(statistics, to: &writer)
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
