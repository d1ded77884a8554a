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
    /// Stores GPS-tagged sightings sent to `/v2/geosubmit` through the import path, atomically.
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
            let importer = try Self.submissionImporter(connection: connection)
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
                try importer.flushAccessPointObservations()
                try importer.flushPublishedCells()
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

    /// A `SurveyImporter` used only for its row storage and re-aggregation. It insists on a
    /// regular file to stream, so it gets an empty one that is unlinked at once.
    private static func submissionImporter(connection: SQLiteConnection) throws -> SurveyImporter {
        var template = Array((NSTemporaryDirectory() + "/whereabouts-geosubmit-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw RadioMapError.notARadioMap(path: "", reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            unlink(path)
            close(descriptor)
        }
        return try SurveyImporter(connection: connection, path: path, options: ImportOptions(), progress: nil)
    }
}
