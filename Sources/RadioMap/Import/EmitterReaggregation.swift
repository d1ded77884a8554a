import Foundation
import PositioningCore

/// The emitters a change to the stored observations touched, and how to bring their aggregated
/// rows (access points, cells, areas) back in line with the observations. Used by an import
/// and by forgetting one.
final class EmitterReaggregation {
    let connection: SQLiteConnection
    var accessPoints = Set<UInt64>()
    var cells = Set<CellIdentity>()
    var areas = Set<AreaIdentity>()
    var counts = (accessPointsNew: 0, accessPointsUpdated: 0, accessPointsRemoved: 0, cellsNew: 0, cellsUpdated: 0,
                  cellsRemoved: 0)

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Re-aggregates every access point, cell and area this import touched, from all their
    /// stored observations (not only this file's).
    func run() throws {
        for raw in accessPoints.sorted() { try aggregateAccessPoint(BSSID(rawValue: raw)) }
        for cell in cells.sorted() { try aggregateCell(cell) }
        for area in areas.sorted() { try aggregateArea(area) }
    }

    /// Re-aggregates one access point now, once all its changed observations are written, so
    /// that `run` need not (an import's merge of sorted sightings calls it in key order).
    func reaggregateAccessPoint(_ raw: UInt64) throws {
        accessPoints.remove(raw)
        try aggregateAccessPoint(BSSID(rawValue: raw))
    }

    private func aggregateAccessPoint(_ bssid: BSSID) throws {
        let key: [SQLiteValue] = [.integer(Int64(bssid.rawValue))]
        let learning = try learningImports()
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, accuracy, signal, time, ssid, import_id FROM ap_observations
            WHERE bssid = ? ORDER BY import_id, line
            """)
        select.bind(key)
        var evidence = EmitterEvidence()
        while try select.step() {
            var seen = Self.observation(from: select)
            seen.ssid = select.text(5)
            if learning.contains(select.int64(6)) { evidence.learned.append(seen) } else { evidence.surveyed.append(seen) }
        }
        select.reset()
        let summaries = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, weight, samples, spread, first_seen, last_seen, import_id, ssid
            FROM ap_observation_summaries WHERE bssid = ?
            """)
        summaries.bind(key)
        while try hasSummaries().accessPoints, try summaries.step() {
            var summary = Self.summary(from: summaries)
            summary.ssid = summaries.text(8)
            if learning.contains(summaries.int64(7)) {
                evidence.learnedSummaries.append(summary)
            } else {
                evidence.surveyedSummaries.append(summary)
            }
        }
        summaries.reset()
        let existed = try connection.integer("SELECT count(*) FROM access_points WHERE bssid = ?", key) > 0
        guard let known = EmitterAggregator.aggregateAccessPoint(bssid, evidence: evidence) else {
            try connection.cachedStatement(sql: "DELETE FROM access_points WHERE bssid = ?").execute(key)
            if existed { counts.accessPointsRemoved += 1 }
            return
        }
        try connection.cachedStatement(sql: """
            INSERT INTO access_points(bssid, latitude, longitude, radius, samples, first_seen, last_seen, status, ssid)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                radius = excluded.radius, samples = excluded.samples, first_seen = excluded.first_seen,
                last_seen = excluded.last_seen, status = excluded.status, ssid = excluded.ssid
            """).execute(key + [
                .real(known.coordinate.latitude), .real(known.coordinate.longitude), .real(known.radius),
                .integer(Int64(known.sampleCount)), .optional(known.firstSeen?.timeIntervalSince1970),
                .optional(known.lastSeen?.timeIntervalSince1970), .text(known.status.rawValue), .optional(known.ssid)])
        if existed { counts.accessPointsUpdated += 1 } else { counts.accessPointsNew += 1 }
    }

    private func aggregateCell(_ cell: CellIdentity) throws {
        let key = RadioMap.key(cell)
        let source = try connection.cachedStatement(
            sql: "SELECT source FROM cells WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?")
        source.bind(key)
        let existing = try source.step() ? source.text(0) : nil
        source.reset()
        let learning = try learningImports()
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, accuracy, signal, time, import_id FROM cell_observations
            WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? ORDER BY import_id, line
            """)
        select.bind(key)
        var evidence = EmitterEvidence()
        while try select.step() {
            let seen = Self.observation(from: select)
            if learning.contains(select.int64(5)) { evidence.learned.append(seen) } else { evidence.surveyed.append(seen) }
        }
        select.reset()
        // A published position wins over our own few sightings; they stay stored for later, and
        // say how faint a query hears the cell compared with the survey.
        guard existing != "opencellid" else {
            let faint = KnownCell.faintSignal(of: (evidence.surveyed + evidence.learned).compactMap(\.signalStrength))
            try connection.cachedStatement(sql: """
                UPDATE cells SET faint_signal = ? WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?
                """).execute([.optional(faint)] + key)
            return
        }
        let summaries = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, weight, samples, spread, first_seen, last_seen, import_id
            FROM cell_observation_summaries WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?
            """)
        summaries.bind(key)
        while try hasSummaries().cells, try summaries.step() {
            let summary = Self.summary(from: summaries)
            if learning.contains(summaries.int64(7)) {
                evidence.learnedSummaries.append(summary)
            } else {
                evidence.surveyedSummaries.append(summary)
            }
        }
        summaries.reset()
        guard let known = EmitterAggregator.aggregateCell(cell, evidence: evidence) else {
            // Its observations are gone (a forgotten import): so is the cell they made.
            if existing != nil {
                try connection.cachedStatement(sql: """
                    DELETE FROM cells WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?
                    """).execute(key)
                counts.cellsRemoved += 1
                areas.insert(cell.areaIdentity)
            }
            return
        }
        try upsertCell(known, source: "survey")
        if existing == nil { counts.cellsNew += 1 } else { counts.cellsUpdated += 1 }
        areas.insert(cell.areaIdentity)
    }

    private func aggregateArea(_ area: AreaIdentity) throws {
        let key = RadioMap.key(area)
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, radius, status FROM cells WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ?
            """)
        select.bind(key)
        var members: [AreaMember] = []
        while try select.step() {
            members.append(AreaMember(
                coordinate: Coordinate(latitude: select.double(0), longitude: select.double(1)),
                radius: select.double(2), isUsable: RadioMap.status(select, column: 3, otherwise: .usable) == .usable))
        }
        select.reset()
        guard let known = EmitterAggregator.aggregateArea(area, members: members) else {
            try connection.cachedStatement(sql: "DELETE FROM areas WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ?")
                .execute(key)
            return
        }
        try connection.cachedStatement(sql: """
            INSERT INTO areas(radio, mcc, mnc, area, latitude, longitude, radius, cell_count) VALUES(?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                radius = excluded.radius, cell_count = excluded.cell_count
            """).execute(key + [.real(known.coordinate.latitude), .real(known.coordinate.longitude),
                                .real(known.radius), .integer(Int64(known.cellCount))])
    }

    /// An observation from the columns `latitude, longitude, accuracy, signal, time`.
    static func observation(from statement: SQLiteStatement) -> SurveyObservation {
        SurveyObservation(
            position: Coordinate(latitude: statement.double(0), longitude: statement.double(1)),
            positionAccuracy: statement.optionalDouble(2), signalStrength: statement.optionalDouble(3),
            time: statement.optionalDouble(4).map(Date.init(timeIntervalSince1970:)))
    }

    /// An observation from the columns `latitude, longitude, accuracy, signal, time` starting at
    /// `first`, with the SSID from column `ssid` when given.
    static func observation(from statement: SQLiteStatement, first: Int32, ssid: Int32?) -> SurveyObservation {
        SurveyObservation(
            position: Coordinate(latitude: statement.double(first), longitude: statement.double(first + 1)),
            positionAccuracy: statement.optionalDouble(first + 2), signalStrength: statement.optionalDouble(first + 3),
            time: statement.optionalDouble(first + 4).map(Date.init(timeIntervalSince1970:)),
            ssid: ssid.flatMap { statement.text($0) })
    }

    /// A summary from the columns `latitude, longitude, weight, samples, spread, first_seen, last_seen`.
    static func summary(from statement: SQLiteStatement) -> ObservationSummary {
        ObservationSummary(
            centre: Coordinate(latitude: statement.double(0), longitude: statement.double(1)),
            weight: statement.double(2), sampleCount: Int(statement.int64(3)), spread: statement.double(4),
            firstSeen: statement.optionalDouble(5).map(Date.init(timeIntervalSince1970:)),
            lastSeen: statement.optionalDouble(6).map(Date.init(timeIntervalSince1970:)))
    }

    /// Whether any summaries exist (read once per run): most maps never drop a sighting, and
    /// skipping the per-emitter lookup keeps imports as fast as before summaries existed.
    private var summariesPresent: (accessPoints: Bool, cells: Bool)?
    private func hasSummaries() throws -> (accessPoints: Bool, cells: Bool) {
        if let summariesPresent { return summariesPresent }
        let present = (
            accessPoints: try connection.integer("SELECT EXISTS(SELECT 1 FROM ap_observation_summaries)") != 0,
            cells: try connection.integer("SELECT EXISTS(SELECT 1 FROM cell_observation_summaries)") != 0)
        summariesPresent = present
        return present
    }

    /// Ids of the imports that are learning sessions (read once per run: a handful of rows).
    private var learningImportIDs: Set<Int64>?
    private func learningImports() throws -> Set<Int64> {
        if let learningImportIDs { return learningImportIDs }
        let select = try connection.cachedStatement(sql: "SELECT id FROM imports WHERE format = ?")
        select.bind([.text(RadioMap.learningFormat)])
        var ids = Set<Int64>()
        while try select.step() { ids.insert(select.int64(0)) }
        select.reset()
        learningImportIDs = ids
        return ids
    }

    private func upsertCell(_ cell: KnownCell, source: String) throws {
        try connection.cachedStatement(sql: """
            INSERT INTO cells(radio, mcc, mnc, area, cell_id, latitude, longitude, radius, samples, first_seen,
                last_seen, status, source, faint_signal)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                radius = excluded.radius, samples = excluded.samples, first_seen = excluded.first_seen,
                last_seen = excluded.last_seen, status = excluded.status, source = excluded.source,
                faint_signal = excluded.faint_signal
            """).execute(RadioMap.cellValues(cell) + [.text(source), .optional(cell.faintSignal)])
    }
}

extension RadioMap {
    /// Key, position, radius, samples, first/last seen and status: the cells columns in order.
    static func cellValues(_ cell: KnownCell) -> [SQLiteValue] {
        RadioMap.key(cell.identity) + [
            .real(cell.coordinate.latitude), .real(cell.coordinate.longitude), .real(cell.radius),
            .integer(Int64(cell.sampleCount)), .optional(cell.firstSeen?.timeIntervalSince1970),
            .optional(cell.lastSeen?.timeIntervalSince1970), .text(cell.status.rawValue)]
    }
}
