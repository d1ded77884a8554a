import Foundation
import PositioningCore

/// Learns the radio map from the laptop's own GPS: offer it samples one by one, and it records
/// what the `LearningGate` accepts, one transaction per batch, re-aggregating only the emitters
/// each batch touched.
///
/// A session's sightings are recorded as one entry of `imports` (format `learned`), so
/// `db imports` lists it and `db forget-import` takes it back. A crash loses at most the
/// unwritten batch. Access points first met while learning count only after enough distinct
/// sightings; a known one heard mostly beyond its range is re-placed from the new sightings
/// (see `EmitterAggregator.aggregateAccessPoint(_:evidence:learning:)`). Retention
/// (`keepObservationsDays`) runs with the first batch.
///
/// ```swift
/// let map = try RadioMap(path: path, mode: .readWrite)
/// let session = LearningSession(radioMap: map)
/// for sample in samples { try session.offer(sample) }
/// let report = try session.finish()
/// print(report.observationsStored, report.accessPointsMoved)
/// ```
public final class LearningSession {
    public let radioMap: RadioMap
    /// How many accepted samples are written per transaction.
    public let batchSize: Int
    /// Sightings older than this many days are summarized when the first batch is written.
    public let keepObservationsDays: Int?
    /// What has been learned so far (written batches, plus the gate's counts).
    public private(set) var report = LearningReport()
    private var gate: LearningGate
    private var pending: [SurveyRow] = []
    private var pendingSamples = 0
    private var nextLine = 1
    private let name: String
    private let format: String

    /// Starts a session on `radioMap` (opened `.readWrite`).
    /// - Parameters:
    ///   - name: Recorded in `imports` (shown by `db imports`).
    ///   - policy: The gate's and aggregation's thresholds.
    ///   - batchSize: Accepted samples per transaction.
    ///   - keepObservationsDays: The `keep_observations_days` setting, if any.
    ///   - pinned: Whether the sightings were pinned to a place by hand (`learn --here/--at`)
    ///     rather than learned from a GPS: they count as surveyed ones, at once (format `pinned`).
    public init(radioMap: RadioMap, name: String? = nil, policy: LearningPolicy = .standard, batchSize: Int = 30,
                keepObservationsDays: Int? = nil, pinned: Bool = false) {
        precondition(radioMap.mode == .readWrite, "learning needs a radio map opened .readWrite")
        precondition(batchSize > 0, "batches hold at least one sample")
        self.radioMap = radioMap
        self.batchSize = batchSize
        self.keepObservationsDays = keepObservationsDays
        gate = LearningGate(policy: policy)
        self.name = name ?? "learning \(ISO8601DateFormatter().string(from: Date()))"
        format = pinned ? RadioMap.pinnedFormat : RadioMap.learningFormat
    }

    /// Judges one sample and queues what may be recorded; writes a batch when one is full.
    /// - Returns: The gate's decision.
    /// - Throws: `RadioMapError` when writing a batch fails (the batch is then not written).
    @discardableResult
    public func offer(_ sample: LearningSample) throws(RadioMapError) -> LearningGate.Decision {
        report.samplesOffered += 1
        let decision = gate.evaluate(sample)
        switch decision {
        case .rejected(let reason):
            report.rejections[reason, default: 0] += 1
        case .accepted(let rows, let optedOut, let randomized):
            report.samplesAccepted += 1
            report.optedOutSkipped += optedOut
            report.randomizedSkipped += randomized
            pending += rows
            pendingSamples += 1
            if pendingSamples >= batchSize { try flush() }
        }
        return decision
    }

    /// Writes what is queued, in one transaction.
    public func flush() throws(RadioMapError) {
        guard !pending.isEmpty else { return }
        // The batch updates the report as it writes; a batch rolled back (a full disk fails
        // its COMMIT) stored nothing, and the report must not say otherwise.
        let reportBefore = report
        do {
            try radioMap.connection.inTransaction { try writeBatch() }
        } catch {
            report = reportBefore
            throw RadioMapError.converting(error, path: radioMap.path)
        }
        pending.removeAll()
        pendingSamples = 0
    }

    /// Writes what is queued and returns the report.
    public func finish() throws(RadioMapError) -> LearningReport {
        try flush()
        return report
    }

    private func writeBatch() throws {
        let connection = radioMap.connection
        var batchReport = report
        if batchReport.importID == nil {
            if let days = keepObservationsDays {
                _ = try radioMap.retainObservations(after: Date().addingTimeInterval(-Double(days) * 86_400))
            }
            try connection.cachedStatement(sql: """
                INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                VALUES(?, 0, ?, ?, 0, 0, 0, ?)
                """).execute([.text(name), .text("\(format):\(UUID().uuidString)"), .text(format),
                              .real(Date().timeIntervalSince1970)])
            batchReport.importID = try connection.integer("SELECT last_insert_rowid()")
        }
        let importID = batchReport.importID!
        let statements = try ImportStatements(connection)
        let aggregation = EmitterReaggregation(connection: connection)
        var line = nextLine
        for row in pending {
            switch row {
            case .accessPoint(let bssid, let seen):
                try statements.insertAccessPointObservation.execute(
                    [.integer(Int64(bitPattern: bssid.rawValue)), .integer(importID), .integer(Int64(line))]
                        + Self.values(seen) + [.optional(seen.ssid)])
                aggregation.accessPoints.insert(bssid.rawValue)
            case .cellObservation(let cell, let seen):
                try statements.insertCellObservation.execute(
                    RadioMap.key(cell) + [.integer(importID), .integer(Int64(line))] + Self.values(seen))
                aggregation.cells.insert(cell)
            case .publishedCell, .fingerprint:
                preconditionFailure("the learning gate yields sightings only")
            }
            line += 1
        }
        let touched = aggregation.accessPoints.map(BSSID.init(rawValue:))
        let before = try radioMap.lookUpAccessPoints(touched)
        try aggregation.run()
        let after = try radioMap.lookUpAccessPoints(touched)
        let policy = gate.policy
        for (bssid, old) in before {
            guard let new = after[bssid] else { continue }
            let shift = Geodesy.distance(from: old.coordinate, to: new.coordinate)
            let relocated = shift > policy.disagreementFactor * old.radius + policy.disagreementMargin
            if relocated || (new.status == .moved && old.status != .moved) { batchReport.accessPointsMoved += 1 }
        }
        try connection.cachedStatement(sql: """
            UPDATE imports SET rows_read = rows_read + ?, rows_imported = rows_imported + ? WHERE id = ?
            """).execute([.integer(Int64(pending.count)), .integer(Int64(pending.count)), .integer(importID)])
        batchReport.observationsStored += pending.count
        batchReport.accessPointsNew += aggregation.counts.accessPointsNew
        batchReport.accessPointsUpdated += aggregation.counts.accessPointsUpdated
        batchReport.cellsNew += aggregation.counts.cellsNew
        batchReport.cellsUpdated += aggregation.counts.cellsUpdated
        batchReport.batchesWritten += 1
        // Only once the transaction body succeeded does the session's state move on.
        report = batchReport
        nextLine = line
    }

    /// Latitude, longitude, accuracy, signal and time.
    private static func values(_ seen: SurveyObservation) -> [SQLiteValue] {
        [.real(seen.position.latitude), .real(seen.position.longitude), .optional(seen.positionAccuracy),
         .optional(seen.signalStrength), .optional(seen.time?.timeIntervalSince1970)]
    }
}
