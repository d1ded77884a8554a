import Foundation
import PositioningCore

extension SurveyImporter {
    /// Writes one parsed row: a raw observation, or a published cell.
    func store(_ row: SurveyRow, line: Int) throws {
        switch row {
        case .accessPoint(let bssid, let seen):
            // Bound one by one: this runs for every row, and value arrays would allocate.
            let insert = statements.insertAccessPointObservation
            insert.reset()
            insert.bind(.integer(Int64(bssid.rawValue)), at: 1)
            insert.bind(.integer(importID), at: 2)
            insert.bind(.integer(Int64(line)), at: 3)
            Self.bind(seen, to: insert, from: 4)
            insert.bind(.optional(seen.ssid), at: 9)
            try insert.step()
            affectedAccessPoints.insert(bssid.rawValue)
        case .cellObservation(let cell, let seen):
            let insert = statements.insertCellObservation
            insert.reset()
            for (offset, value) in RadioMap.key(cell).enumerated() { insert.bind(value, at: Int32(offset + 1)) }
            insert.bind(.integer(importID), at: 6)
            insert.bind(.integer(Int64(line)), at: 7)
            Self.bind(seen, to: insert, from: 8)
            try insert.step()
            affectedCells.insert(cell)
        case .publishedCell(let cell):
            // Published cells replace whatever the map had: OpenCellID aggregates far more samples.
            let values = Self.cellValues(cell)
            try statements.insertPublishedCell.execute(values)
            if connection.changes > 0 {
                counts.cellsNew += 1
            } else {
                try statements.updatePublishedCell.execute(values)
                counts.cellsUpdated += 1
            }
            affectedAreas.insert(cell.identity.areaIdentity)
        }
    }

    /// Binds latitude, longitude, accuracy, signal and time to five parameters from `first`.
    private static func bind(_ seen: SurveyObservation, to statement: SQLiteStatement, from first: Int32) {
        statement.bind(.real(seen.position.latitude), at: first)
        statement.bind(.real(seen.position.longitude), at: first + 1)
        statement.bind(.optional(seen.positionAccuracy), at: first + 2)
        statement.bind(.optional(seen.signalStrength), at: first + 3)
        statement.bind(.optional(seen.time?.timeIntervalSince1970), at: first + 4)
    }

    private func upsertCell(_ cell: KnownCell, source: String) throws {
        try connection.cachedStatement(sql: """
            INSERT INTO cells(radio, mcc, mnc, area, cell_id, latitude, longitude, radius, samples, first_seen,
                last_seen, status, source)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                radius = excluded.radius, samples = excluded.samples, first_seen = excluded.first_seen,
                last_seen = excluded.last_seen, status = excluded.status, source = excluded.source
            """).execute(Self.cellValues(cell) + [.text(source)])
    }

    /// Key, position, radius, samples, first/last seen and status: the cells columns in order.
    private static func cellValues(_ cell: KnownCell) -> [SQLiteValue] {
        RadioMap.key(cell.identity) + [
            .real(cell.coordinate.latitude), .real(cell.coordinate.longitude), .real(cell.radius),
            .integer(Int64(cell.sampleCount)), .optional(cell.firstSeen?.timeIntervalSince1970),
            .optional(cell.lastSeen?.timeIntervalSince1970), .text(cell.status.rawValue)]
    }

    /// Re-aggregates every access point, cell and area this import touched, from all their
    /// stored observations (not only this file's).
    func aggregateAffected() throws {
        for raw in affectedAccessPoints.sorted() { try aggregateAccessPoint(BSSID(rawValue: raw)) }
        for cell in affectedCells.sorted() { try aggregateCell(cell) }
        for area in affectedAreas.sorted() { try aggregateArea(area) }
    }

    private func aggregateAccessPoint(_ bssid: BSSID) throws {
        let key: [SQLiteValue] = [.integer(Int64(bssid.rawValue))]
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, accuracy, signal, time, ssid FROM ap_observations
            WHERE bssid = ? ORDER BY import_id, line
            """)
        select.bind(key)
        var observations: [SurveyObservation] = []
        while try select.step() {
            var seen = Self.observation(from: select)
            seen.ssid = select.text(5)
            observations.append(seen)
        }
        select.reset()
        let existed = try connection.integer("SELECT count(*) FROM access_points WHERE bssid = ?", key) > 0
        guard let known = EmitterAggregator.aggregateAccessPoint(bssid, observations: observations) else {
            try connection.cachedStatement(sql: "DELETE FROM access_points WHERE bssid = ?").execute(key)
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
        // A published position wins over our own few sightings; they stay stored for later.
        guard existing != "opencellid" else { return }
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, accuracy, signal, time FROM cell_observations
            WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? ORDER BY import_id, line
            """)
        select.bind(key)
        var observations: [SurveyObservation] = []
        while try select.step() { observations.append(Self.observation(from: select)) }
        select.reset()
        guard let known = EmitterAggregator.aggregateCell(cell, observations: observations) else { return }
        try upsertCell(known, source: "survey")
        if existing == nil { counts.cellsNew += 1 } else { counts.cellsUpdated += 1 }
        affectedAreas.insert(cell.areaIdentity)
    }

    private func aggregateArea(_ area: AreaIdentity) throws {
        let key = RadioMap.key(area)
        let select = try connection.cachedStatement(sql: """
            SELECT latitude, longitude, radius, samples, first_seen, last_seen, status, cell_id FROM cells
            WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ?
            """)
        select.bind(key)
        var cells: [KnownCell] = []
        while try select.step() {
            guard let identity = try? CellIdentity(radio: area.radio, mcc: area.mcc, mnc: area.mnc, area: area.area,
                                                   cellID: select.int64(7)) else { continue }
            cells.append(RadioMap.cell(identity, from: select))
        }
        select.reset()
        guard let known = EmitterAggregator.aggregateArea(area, cells: cells) else {
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
    private static func observation(from statement: SQLiteStatement) -> SurveyObservation {
        SurveyObservation(
            position: Coordinate(latitude: statement.double(0), longitude: statement.double(1)),
            positionAccuracy: statement.optionalDouble(2), signalStrength: statement.optionalDouble(3),
            time: statement.optionalDouble(4).map(Date.init(timeIntervalSince1970:)))
    }
}
