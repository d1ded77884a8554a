import Foundation
import JSONCodec
import PositioningCore

/// Scores a fingerprint matcher on a validation table: position error in the table's own
/// (EPSG:3857) metres, building and floor hit rates — the figures the UJIIndoorLoc/EvAAL
/// literature reports.
///
/// ```swift
/// let matcher = FingerprintMatcher(fingerprints: training)
/// let row = FingerprintEvaluation.Row(name: "whereabouts", matcher: matcher, validation: validation)
/// print(FingerprintEvaluation(rows: [row]).table)
/// ```
public struct FingerprintEvaluation: Sendable {
    /// One matcher's figures on the validation set.
    public struct Row: Hashable, Sendable {
        /// The matcher's name in the report.
        public var name: String
        /// Validation fingerprints.
        public var queries: Int
        /// Those the matcher placed (it needs one access point in common with the survey).
        public var answered: Int
        /// Errors of the answered ones, metres of EPSG:3857, ascending.
        public var errors: [Double]
        /// Answered queries whose building was right, of those with a known building.
        public var buildingHits: Int
        public var buildingQueries: Int
        /// Answered queries whose building *and* floor were right, of those with a known floor.
        public var floorHits: Int
        public var floorQueries: Int
        /// Answered queries whose truth lay inside the radius `locate` would report
        /// (`FingerprintPolicy.radius(of:)` scaled by `calibration`'s fingerprint factor), in the
        /// same metres as the errors.
        public var insideRadius: Int

        /// Matches every fingerprint of `validation` with `matcher` and scores it.
        public init(
            name: String, matcher: FingerprintMatcher, validation: [Fingerprint], policy: FingerprintPolicy = FingerprintPolicy(),
            calibration: RadiusCalibration = RadiusCalibration()
        ) {
            self.name = name
            queries = validation.count
            answered = 0
            errors = []
            buildingHits = 0
            buildingQueries = 0
            floorHits = 0
            floorQueries = 0
            insideRadius = 0
            for truth in validation {
                guard let match = matcher.match(truth.readings) else { continue }
                answered += 1
                let error = WebMercator.distance(from: match.coordinate, to: truth.position)
                errors.append(error)
                // The radius is in ground metres; the error in projected ones, 1/cos(latitude) larger.
                let stretch = 1 / cos(truth.position.latitude * .pi / 180)
                let radius = calibration.calibrated(
                    policy.radius(of: match), source: .fingerprint, emitterCount: match.sharedAccessPoints)
                if error <= radius * stretch { insideRadius += 1 }
                if let building = truth.building {
                    buildingQueries += 1
                    if match.building == building { buildingHits += 1 }
                }
                if let floor = truth.floor {
                    floorQueries += 1
                    if match.floor == floor && match.building == truth.building { floorHits += 1 }
                }
            }
            errors.sort()
        }

        /// Mean error in metres, nil when nothing was answered.
        public var mean: Double? { errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count) }
        /// The `fraction` percentile of the errors.
        public func percentile(_ fraction: Double) -> Double? { ErrorStatistics.percentile(fraction, ofSorted: errors) }
        /// Share of building-labelled queries placed in the right building.
        public var buildingHitRate: Double? { buildingQueries > 0 ? Double(buildingHits) / Double(buildingQueries) : nil }
        /// Share of floor-labelled queries placed on the right floor of the right building.
        public var floorHitRate: Double? { floorQueries > 0 ? Double(floorHits) / Double(floorQueries) : nil }
        /// Share of answered queries whose truth lay inside the reported radius.
        public var insideRadiusRate: Double? { answered > 0 ? Double(insideRadius) / Double(answered) : nil }
    }

    /// The matchers' rows, in order.
    public var rows: [Row]

    /// A report of `rows`.
    public init(rows: [Row]) {
        self.rows = rows
    }

    /// A fixed-width table for people.
    public var table: String {
        let header = ["matcher", "n", "answered", "mean", "median", "p90", "building", "floor", "inside radius"]
        var lines = [header]
        for row in rows {
            func metres(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }
            func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", 100 * $0) } ?? "-" }
            lines.append([
                row.name, String(row.queries), percent(Double(row.answered) / Double(max(row.queries, 1))),
                metres(row.mean), metres(row.percentile(0.5)), metres(row.percentile(0.9)),
                percent(row.buildingHitRate), percent(row.floorHitRate), percent(row.insideRadiusRate),
            ])
        }
        return TextTable.render(lines, textColumns: 1)
    }

    /// The rows as JSON: `{"rows":[{"matcher","n","answered","mean","median","p90","buildingHitRate",
    /// "floorHitRate","insideRadiusRate"}]}`,
    /// with `extra` members written first.
    public func json(extra: (inout JSONWriter) -> Void = { _ in }) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        extra(&writer)
        writer.writeKey("rows")
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.writeKey("matcher"); writer.write(row.name)
            writer.writeKey("n"); writer.write(row.queries)
            writer.writeKey("answered"); writer.write(row.answered)
            let figures: [(String, Double?, Int)] = [
                ("mean", row.mean, 2), ("median", row.percentile(0.5), 2), ("p90", row.percentile(0.9), 2),
                ("buildingHitRate", row.buildingHitRate, 4), ("floorHitRate", row.floorHitRate, 4),
                ("insideRadiusRate", row.insideRadiusRate, 4),
            ]
            for (key, value, decimals) in figures {
                writer.writeKey(key); writer.write(value, decimals: decimals)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.string
    }
}
