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
/// paired.add(source: .wifi, error: 900, referenceError: 60, answeredFrom: (.cell, .wifi))
/// print(paired.table)  // all, wifi, cell rows; then the Wi-Fi queries by what each answered from
/// ```
public struct PairedErrors: Hashable, Sendable {
    /// One query both answered: what it carried (Wi-Fi if any access point, else cell), the two
    /// errors and the source each answer came from (a query carrying Wi-Fi may be answered from
    /// its cells when the map knows too few of its access points).
    public struct Pair: Hashable, Sendable {
        public var source: LocationSource
        public var error: Double
        public var referenceError: Double
        public var answeredFrom: LocationSource
        public var referenceAnsweredFrom: LocationSource
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

    /// Adds a query both answered; `answeredFrom` is the source of each answer (the estimator's,
    /// the reference's), by default what the query carried.
    public mutating func add(
        source: LocationSource, error: Double, referenceError: Double,
        answeredFrom: (LocationSource, LocationSource)? = nil
    ) {
        let from = answeredFrom ?? (source, source)
        pairs.append(Pair(
            source: source, error: error, referenceError: referenceError, answeredFrom: from.0,
            referenceAnsweredFrom: from.1))
    }

    /// Adds `other`'s pairs (of the same two estimators).
    public mutating func merge(_ other: PairedErrors) {
        pairs += other.pairs
    }

    /// One row: the pairs of a source (or all), each estimator's errors on them and the ratios.
    public struct Row: Hashable, Sendable {
        public var source: String
        /// For a row of the Wi-Fi-carrying queries split by their answers: what the estimator's
        /// answers came from; nil for a row of all that a source carried.
        public var answeredFrom: LocationSource?
        /// For such a row, what the reference's answers came from.
        public var referenceAnsweredFrom: LocationSource?
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

    /// All pairs, then each source that has any; then, when some Wi-Fi-carrying query was not
    /// answered from Wi-Fi by both, those queries by what each answer came from (estimator's
    /// source, reference's), one row per combination that occurs.
    public var rows: [Row] {
        func row(_ label: String, _ mine: [Pair], answeredFrom: (LocationSource, LocationSource)? = nil) -> Row? {
            guard !mine.isEmpty else { return nil }
            func statistics(_ errors: [Double]) -> ErrorStatistics {
                ErrorStatistics(queries: errors.count, errors: errors, insideRadius: 0)
            }
            var row = Row(
                source: label, errors: statistics(mine.map(\.error)),
                referenceErrors: statistics(mine.map(\.referenceError)))
            row.answeredFrom = answeredFrom?.0
            row.referenceAnsweredFrom = answeredFrom?.1
            return row
        }
        var rows = [row("all", pairs)].compactMap(\.self)
        rows += LocationSource.allCases.compactMap { source in row(source.rawValue, pairs.filter { $0.source == source }) }
        let wifi = pairs.filter { $0.source == .wifi }
        guard wifi.contains(where: { $0.answeredFrom != .wifi || $0.referenceAnsweredFrom != .wifi }) else { return rows }
        for ours in LocationSource.allCases {
            for theirs in LocationSource.allCases {
                let mine = wifi.filter { $0.answeredFrom == ours && $0.referenceAnsweredFrom == theirs }
                if let split = row("wifi: \(ours.rawValue)/\(theirs.rawValue)", mine, answeredFrom: (ours, theirs)) {
                    rows.append(split)
                }
            }
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
            func metres(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
            table.append([
                row.source, String(row.count), metres(row.errors.median), metres(row.referenceErrors.median),
                ratio(row.medianRatio), metres(row.errors.p90), metres(row.referenceErrors.p90), ratio(row.p90Ratio),
            ])
        }
        return "on the queries both \(estimator) and \(reference) answer (by what the query carried;"
            + " wifi: X/Y = answered from X by \(estimator), from Y by \(reference)):\n"
            + TextTable.render(table, textColumns: 1)
    }

    /// `"paired":{"estimator","reference","rows":[{"source","n","errors":{"median","p68","p90","p95"},"referenceErrors":{…}}]}`;
    /// a row of Wi-Fi queries split by their answers has `"source":"wifi"` and `"answeredFrom"`,
    /// `"referenceAnsweredFrom"`.
    func write(to writer: inout JSONWriter) {
        writer.writeKey("paired")
        writer.beginObject()
        writer.writeKey("estimator"); writer.write(estimator)
        writer.writeKey("reference"); writer.write(reference)
        writer.writeKey("rows")
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            if let ours = row.answeredFrom, let theirs = row.referenceAnsweredFrom {
                writer.writeKey("source"); writer.write(LocationSource.wifi.rawValue)
                writer.writeKey("answeredFrom"); writer.write(ours.rawValue)
                writer.writeKey("referenceAnsweredFrom"); writer.write(theirs.rawValue)
            } else {
                writer.writeKey("source"); writer.write(row.source)
            }
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
