import Foundation
import PositioningCore

/// What one pass of retention did.
public struct RetentionSummary: Hashable, Sendable {
    /// Raw sightings folded into summaries and deleted.
    public var observationsSummarized = 0
    /// Emitters whose old sightings were summarized.
    public var emittersAffected = 0

    public init(observationsSummarized: Int = 0, emittersAffected: Int = 0) {
        self.observationsSummarized = observationsSummarized
        self.emittersAffected = emittersAffected
    }
}

extension RadioMap {
    /// The `imports.format` of learning sessions.
    static let learningFormat = "learned"
    /// The `imports.format` of scans pinned to a place by hand (`learn --here/--at`).
    public static let pinnedFormat = "pinned"

    /// Drops raw sightings older than `days` days, keeping per emitter and import one summary
    /// (weighted centre, weight, count, spread, first/last time — see `ObservationSummary`), so
    /// re-aggregation, `forgetImport` and export still account for them. A sighting of unknown
    /// time counts as made when its file was imported. Runs in one transaction.
    ///
    /// Only commands that write anyway call this (import, learning, `db` maintenance): reading
    /// the map never changes it.
    ///
    /// ```swift
    /// let dropped = try map.applyRetention(keepingDays: 365)
    /// ```
    /// - Throws: `RadioMapError`; the map is then left as it was.
    @discardableResult
    public func applyRetention(keepingDays days: Int, now: Date = Date()) throws(RadioMapError) -> RetentionSummary {
        precondition(mode == .readWrite, "applyRetention needs a radio map opened .readWrite")
        precondition(days > 0, "keep at least one day")
        do {
            return try connection.inTransaction { try retainObservations(after: now.addingTimeInterval(-Double(days) * 86_400)) }
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Summarizes and deletes sightings made before `cutoff`; the caller holds a transaction.
    func retainObservations(after cutoff: Date) throws -> RetentionSummary {
        let limit = SQLiteValue.real(cutoff.timeIntervalSince1970)
        var summary = RetentionSummary()
        let aggregation = EmitterReaggregation(connection: connection)

        // Access points: group the old rows by (bssid, import) in key order.
        let old = try connection.makeStatement(sql: """
            SELECT o.bssid, o.import_id, o.latitude, o.longitude, o.accuracy, o.signal, o.time, o.ssid
            FROM ap_observations o JOIN imports i ON i.id = o.import_id
            WHERE coalesce(o.time, i.imported_at) < ? ORDER BY o.bssid, o.import_id
            """)
        old.bind([limit])
        var groups: [(bssid: Int64, importID: Int64, observations: [SurveyObservation])] = []
        while try old.step() {
            let (bssid, importID) = (old.int64(0), old.int64(1))
            var seen = SurveyObservation(
                position: Coordinate(latitude: old.double(2), longitude: old.double(3)),
                positionAccuracy: old.optionalDouble(4), signalStrength: old.optionalDouble(5),
                time: old.optionalDouble(6).map(Date.init(timeIntervalSince1970:)))
            seen.ssid = old.text(7)
            if let last = groups.last, last.bssid == bssid, last.importID == importID {
                groups[groups.count - 1].observations.append(seen)
            } else {
                groups.append((bssid, importID, [seen]))
            }
        }
        for group in groups {
            guard let folded = ObservationSummary(summarizing: group.observations) else { continue }
            let key: [SQLiteValue] = [.integer(group.bssid), .integer(group.importID)]
            let existing = try connection.cachedStatement(sql: """
                SELECT latitude, longitude, weight, samples, spread, first_seen, last_seen, ssid
                FROM ap_observation_summaries WHERE bssid = ? AND import_id = ?
                """)
            existing.bind(key)
            var merged = folded
            if try existing.step() {
                var earlier = EmitterReaggregation.summary(from: existing)
                earlier.ssid = existing.text(7)
                merged = earlier.merged(with: folded)
            }
            existing.reset()
            try connection.cachedStatement(sql: """
                INSERT OR REPLACE INTO ap_observation_summaries(bssid, import_id, latitude, longitude, weight, samples,
                    spread, first_seen, last_seen, ssid) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(key + Self.summaryValues(merged) + [.optional(merged.ssid)])
            try connection.cachedStatement(sql: """
                DELETE FROM ap_observations WHERE bssid = ? AND import_id = ?
                    AND coalesce(time, (SELECT imported_at FROM imports WHERE id = import_id)) < ?
                """).execute(key + [limit])
            summary.observationsSummarized += connection.changes
            aggregation.accessPoints.insert(UInt64(bitPattern: group.bssid))
        }

        let oldCells = try connection.makeStatement(sql: """
            SELECT o.radio, o.mcc, o.mnc, o.area, o.cell_id, o.import_id, o.latitude, o.longitude, o.accuracy,
                o.signal, o.time
            FROM cell_observations o JOIN imports i ON i.id = o.import_id
            WHERE coalesce(o.time, i.imported_at) < ? ORDER BY o.radio, o.mcc, o.mnc, o.area, o.cell_id, o.import_id
            """)
        oldCells.bind([limit])
        var cellGroups: [(cell: CellIdentity, importID: Int64, observations: [SurveyObservation])] = []
        while try oldCells.step() {
            guard let radio = oldCells.text(0).flatMap(RadioType.init(rawValue:)),
                let cell = try? CellIdentity(radio: radio, mcc: Int(oldCells.int64(1)), mnc: Int(oldCells.int64(2)),
                                             area: Int(oldCells.int64(3)), cellID: oldCells.int64(4))
            else { continue }
            let importID = oldCells.int64(5)
            let seen = SurveyObservation(
                position: Coordinate(latitude: oldCells.double(6), longitude: oldCells.double(7)),
                positionAccuracy: oldCells.optionalDouble(8), signalStrength: oldCells.optionalDouble(9),
                time: oldCells.optionalDouble(10).map(Date.init(timeIntervalSince1970:)))
            if let last = cellGroups.last, last.cell == cell, last.importID == importID {
                cellGroups[cellGroups.count - 1].observations.append(seen)
            } else {
                cellGroups.append((cell, importID, [seen]))
            }
        }
        for group in cellGroups {
            guard let folded = ObservationSummary(summarizing: group.observations) else { continue }
            let key = Self.key(group.cell) + [.integer(group.importID)]
            let existing = try connection.cachedStatement(sql: """
                SELECT latitude, longitude, weight, samples, spread, first_seen, last_seen FROM cell_observation_summaries
                WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? AND import_id = ?
                """)
            existing.bind(key)
            var merged = folded
            if try existing.step() { merged = EmitterReaggregation.summary(from: existing).merged(with: folded) }
            existing.reset()
            try connection.cachedStatement(sql: """
                INSERT OR REPLACE INTO cell_observation_summaries(radio, mcc, mnc, area, cell_id, import_id, latitude,
                    longitude, weight, samples, spread, first_seen, last_seen) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(key + Self.summaryValues(merged))
            try connection.cachedStatement(sql: """
                DELETE FROM cell_observations
                WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? AND import_id = ?
                    AND coalesce(time, (SELECT imported_at FROM imports WHERE id = import_id)) < ?
                """).execute(key + [limit])
            summary.observationsSummarized += connection.changes
            aggregation.cells.insert(group.cell)
        }
        summary.emittersAffected = aggregation.accessPoints.count + aggregation.cells.count
        try aggregation.run()
        return summary
    }

    /// Centre, weight, samples, spread, first and last time: the summary columns in order.
    static func summaryValues(_ summary: ObservationSummary) -> [SQLiteValue] {
        [.real(summary.centre.latitude), .real(summary.centre.longitude), .real(summary.weight),
         .integer(Int64(summary.sampleCount)), .real(summary.spread),
         .optional(summary.firstSeen?.timeIntervalSince1970), .optional(summary.lastSeen?.timeIntervalSince1970)]
    }
}
