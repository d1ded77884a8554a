import Foundation
import PositioningCore

extension RadioMap {
    /// Every imported file, oldest first.
    public func imports() throws(RadioMapError) -> [ImportRecord] {
        try reading {
            let select = try connection.cachedStatement(sql: """
                SELECT id, name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at
                FROM imports ORDER BY id
                """)
            select.bind([])
            var records: [ImportRecord] = []
            while try select.step() { records.append(Self.importRecord(from: select)) }
            select.reset()
            return records
        }
    }

    /// Removes one imported file's contribution: its raw sightings, the published cells it was
    /// the last to write, and its record; then re-aggregates every access point, cell and area
    /// it touched from what remains — all in one transaction, so readers see the map before or
    /// after, never between. Importing the same file again afterwards imports it anew.
    ///
    /// ```swift
    /// if let forgotten = try map.forgetImport(id: 3) { print(forgotten.observationsRemoved) }
    /// ```
    /// - Parameter id: An id from `imports()`.
    /// - Returns: What was removed, or nil when no import has that id.
    /// - Throws: `RadioMapError`; the map is then left as it was.
    public func forgetImport(id: Int64) throws(RadioMapError) -> ForgetImportSummary? {
        precondition(mode == .readWrite, "forgetImport needs a radio map opened .readWrite")
        do {
            return try connection.inTransaction { () throws -> ForgetImportSummary? in
                let key: [SQLiteValue] = [.integer(id)]
                let select = try connection.cachedStatement(sql: """
                    SELECT id, name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at
                    FROM imports WHERE id = ?
                    """)
                select.bind(key)
                guard try select.step() else { select.reset(); return nil }
                let record = Self.importRecord(from: select)
                select.reset()

                let aggregation = EmitterReaggregation(connection: connection)
                let summarizedAccessPoints = try connection.makeStatement(
                    sql: "SELECT bssid FROM ap_observation_summaries WHERE import_id = ?")
                summarizedAccessPoints.bind(key)
                while try summarizedAccessPoints.step() {
                    aggregation.accessPoints.insert(UInt64(bitPattern: summarizedAccessPoints.int64(0)))
                }
                let published = try collectCells(
                    "SELECT radio, mcc, mnc, area, cell_id FROM cells WHERE source = 'opencellid' AND import_id = ?", key)
                let observed = try collectCells(
                    "SELECT DISTINCT radio, mcc, mnc, area, cell_id FROM cell_observations WHERE import_id = ?", key)
                let summarized = try collectCells(
                    "SELECT radio, mcc, mnc, area, cell_id FROM cell_observation_summaries WHERE import_id = ?", key)
                aggregation.cells = published.union(observed).union(summarized)
                aggregation.areas = Set(aggregation.cells.map(\.areaIdentity))

                // The summaries go first: the access points re-aggregated with their sightings
                // below must not count this import's summaries either.
                var observationsRemoved = 0
                for table in ["ap_observation_summaries", "cell_observation_summaries"] {
                    observationsRemoved += Int(try connection.integer(
                        "SELECT coalesce(sum(samples), 0) FROM \(table) WHERE import_id = ?", key))
                    try connection.cachedStatement(sql: "DELETE FROM \(table) WHERE import_id = ?").execute(key)
                }
                observationsRemoved += try forgetAccessPointObservations(importID: id, aggregation: aggregation)
                try connection.cachedStatement(sql: "DELETE FROM cell_observations WHERE import_id = ?").execute(key)
                observationsRemoved += connection.changes
                try connection.cachedStatement(
                    sql: "DELETE FROM cells WHERE source = 'opencellid' AND import_id = ?").execute(key)
                let publishedCellsRemoved = connection.changes
                try connection.cachedStatement(sql: """
                    DELETE FROM fingerprint_readings WHERE fingerprint_id IN (SELECT id FROM fingerprints WHERE import_id = ?)
                    """).execute(key)
                try connection.cachedStatement(sql: "DELETE FROM fingerprints WHERE import_id = ?").execute(key)
                observationsRemoved += connection.changes
                try connection.cachedStatement(sql: "DELETE FROM imports WHERE id = ?").execute(key)
                try aggregation.run()
                return ForgetImportSummary(
                    record: record, observationsRemoved: observationsRemoved,
                    publishedCellsRemoved: publishedCellsRemoved,
                    accessPointsUpdated: aggregation.counts.accessPointsUpdated,
                    accessPointsRemoved: aggregation.counts.accessPointsRemoved,
                    cellsUpdated: aggregation.counts.cellsNew + aggregation.counts.cellsUpdated)
            }
        } catch let error as RadioMapError {
            throw error
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Deletes import `importID`'s access-point sightings and re-aggregates each access point
    /// they were of; returns how many were deleted. The access points are taken `forgetChunk`
    /// at a time in key order (the table's own: one pass over it in all), so memory stays the
    /// same whether the import named a thousand or ten million.
    private func forgetAccessPointObservations(importID: Int64, aggregation: EmitterReaggregation) throws -> Int {
        let next = try connection.cachedStatement(sql: """
            SELECT DISTINCT bssid FROM ap_observations WHERE bssid > ? AND import_id = ? ORDER BY bssid LIMIT ?
            """)
        let delete = try connection.cachedStatement(
            sql: "DELETE FROM ap_observations WHERE bssid BETWEEN ? AND ? AND import_id = ?")
        var (removed, after) = (0, Int64.min)
        var chunk: [Int64] = []
        repeat {
            chunk.removeAll(keepingCapacity: true)
            next.bind([.integer(after), .integer(importID), .integer(Int64(forgetChunk))])
            while try next.step() { chunk.append(next.int64(0)) }
            next.reset()
            guard let first = chunk.first, let last = chunk.last else { break }
            try delete.execute([.integer(first), .integer(last), .integer(importID)])
            removed += connection.changes
            for bssid in chunk { try aggregation.reaggregateAccessPoint(UInt64(bitPattern: bssid)) }
            after = last
        } while chunk.count == forgetChunk
        return removed
    }

    func collectCells(_ sql: String, _ key: [SQLiteValue]) throws -> Set<CellIdentity> {
        let statement = try connection.makeStatement(sql: sql)
        statement.bind(key)
        var cells = Set<CellIdentity>()
        while try statement.step() {
            guard let radio = statement.text(0).flatMap(RadioType.init(rawValue:)),
                let cell = try? CellIdentity(radio: radio, mcc: Int(statement.int64(1)), mnc: Int(statement.int64(2)),
                                             area: Int(statement.int64(3)), cellID: statement.int64(4))
            else { continue }
            cells.insert(cell)
        }
        return cells
    }

    private static func importRecord(from statement: SQLiteStatement) -> ImportRecord {
        ImportRecord(
            id: statement.int64(0), name: statement.text(1) ?? "", size: statement.int64(2),
            contentHash: statement.text(3) ?? "", format: statement.text(4) ?? "",
            rowsRead: Int(statement.int64(5)), rowsImported: Int(statement.int64(6)),
            rowsRejected: Int(statement.int64(7)), importedAt: Date(timeIntervalSince1970: statement.double(8)))
    }
}
