import Foundation
import PositioningCore

/// What one stored submission changed in the radio map.
public struct SubmissionSummary: Hashable, Sendable {
    /// Sightings stored (one per access point or cell per report).
    public var observationsStored: Int
    /// Access points the map did not know before.
    public var accessPointsNew: Int
    /// Known access points re-aggregated with the new sightings.
    public var accessPointsUpdated: Int
    /// Cells the map did not know before.
    public var cellsNew: Int
    /// Known cells re-aggregated with the new sightings.
    public var cellsUpdated: Int

    /// Creates a summary.
    public init(observationsStored: Int = 0, accessPointsNew: Int = 0, accessPointsUpdated: Int = 0,
                cellsNew: Int = 0, cellsUpdated: Int = 0) {
        self.observationsStored = observationsStored
        self.accessPointsNew = accessPointsNew
        self.accessPointsUpdated = accessPointsUpdated
        self.cellsNew = cellsNew
        self.cellsUpdated = cellsUpdated
    }
}

extension RadioMap {
    /// Imports a `/v2/geosubmit` request body through the geosubmit import path, atomically.
    ///
    /// The body is read by the same incremental reader and item parser as a geosubmit file
    /// (`whereabouts import reports.json`), straight from memory: it becomes one entry of
    /// `imports` (format `geosubmit`), its items' sightings are stored like a file's rows
    /// (unusable items counted as rejected), and the access points and cells they touch are
    /// re-aggregated — all in one transaction, so a failure leaves the map as it was. Each
    /// submission is recorded under its own identity: the same body sent twice is two
    /// submissions.
    ///
    /// ```swift
    /// let summary = try map.importSubmission(Array(body), name: "geosubmit")
    /// print(summary.rowsImported, summary.accessPointsNew)
    /// ```
    /// - Parameters:
    ///   - body: The request body: `{"items":[…]}`.
    ///   - name: The name recorded in `imports` (shown by `db imports`).
    /// - Returns: The import's summary (items read, imported, rejected; emitters created and updated).
    /// - Throws: `ImportError.malformedDocument` or `.notASurvey` for a body that is not a
    ///   geosubmit document, `.database` when the database refuses the write.
    public func importSubmission(_ body: [UInt8], name: String = "geosubmit") throws(ImportError) -> ImportSummary {
        precondition(mode == .readWrite, "importSubmission needs a radio map opened .readWrite")
        do {
            let importer = try SurveyImporter(
                connection: connection, path: name, options: ImportOptions(format: .geosubmit),
                spilling: (scratchDirectory, importSpillThreshold), progress: nil,
                input: SurveyInput(bytes: body, name: name), identity: "geosubmit:\(UUID().uuidString)")
            return try importer.run()
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: path))
        }
    }

    /// Stores GPS-tagged sightings already parsed (e.g. learned from this machine's own GPS)
    /// through the import path, atomically.
    ///
    /// The sightings become one entry of `imports` (format `geosubmit`), their raw observations
    /// are stored like a survey file's rows, and the access points and cells they touch are
    /// re-aggregated — all in one transaction, so a failure leaves the map as it was.
    /// Published cells (`.publishedCell`) are stored as published.
    ///
    /// ```swift
    /// let summary = try map.storeSubmission([.accessPoint(bssid, SurveyObservation(position: here))], name: "geosubmit")
    /// ```
    /// - Parameters:
    ///   - rows: The sightings, each with the position the submitter reported.
    ///   - name: The name recorded in `imports` (shown by `db imports`).
    /// - Returns: What was stored and which emitters were created or updated.
    /// - Throws: `RadioMapError` when the database refuses the write.
    public func storeSubmission(_ rows: [SurveyRow], name: String = "geosubmit") throws(RadioMapError) -> SubmissionSummary {
        precondition(mode == .readWrite, "storeSubmission needs a radio map opened .readWrite")
        guard !rows.isEmpty else { return SubmissionSummary() }
        do {
            // Used only for its row storage and re-aggregation: its input is empty.
            let importer = try SurveyImporter(
                connection: connection, path: name, options: ImportOptions(format: .geosubmit),
                spilling: (scratchDirectory, importSpillThreshold), progress: nil,
                input: SurveyInput(bytes: [], name: name))
            // Unique per submission: the same sightings submitted twice are two sightings.
            let identity = "geosubmit:\(UUID().uuidString)"
            try connection.inTransaction {
                try connection.cachedStatement(sql: """
                    INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                    VALUES(?, ?, ?, 'geosubmit', ?, ?, 0, ?)
                    """).execute([.text(name), .integer(0), .text(identity),
                                  .integer(Int64(rows.count)), .integer(Int64(rows.count)),
                                  .real(Date().timeIntervalSince1970)])
                importer.importID = try connection.integer("SELECT last_insert_rowid()")
                for (line, row) in rows.enumerated() { try importer.store(row, line: line + 1) }
                try importer.finishRows()
                try importer.aggregation.run()
            }
            return SubmissionSummary(
                observationsStored: rows.count, accessPointsNew: importer.aggregation.counts.accessPointsNew,
                accessPointsUpdated: importer.aggregation.counts.accessPointsUpdated, cellsNew: importer.aggregation.counts.cellsNew,
                cellsUpdated: importer.aggregation.counts.cellsUpdated)
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }
}
