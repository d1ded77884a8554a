import Foundation
import PositioningCore

extension RadioMap {
    /// Forgets one access point: its sightings, their summaries, its entry and its readings in
    /// fingerprints (the survey's scans kept by `db calibrate`, or a table naming it by BSSID),
    /// in one transaction. It stops influencing fixes at once (until it is heard again while
    /// learning or imported again).
    ///
    /// ```swift
    /// let summary = try map.forget(accessPoint: BSSID("b4:ee:b4:36:d2:b0")!)
    /// ```
    public func forget(accessPoint bssid: BSSID) throws(RadioMapError) -> ForgetSummary {
        try forgetting { aggregation in
            let key: [SQLiteValue] = [.integer(Int64(bitPattern: bssid.rawValue))]
            var removed = try connection.integer(
                "SELECT coalesce(sum(samples), 0) FROM ap_observation_summaries WHERE bssid = ?", key)
            try connection.cachedStatement(sql: "DELETE FROM ap_observation_summaries WHERE bssid = ?").execute(key)
            try connection.cachedStatement(sql: "DELETE FROM ap_observations WHERE bssid = ?").execute(key)
            removed += Int64(connection.changes)
            try connection.cachedStatement(sql: "DELETE FROM fingerprint_readings WHERE access_point = ?")
                .execute([.text(bssid.description)])
            aggregation.accessPoints.insert(bssid.rawValue)
            return (Int(removed), 0)
        }
    }

    /// Forgets one cell: its sightings, their summaries and its entry — published
    /// (OpenCellID) or aggregated — then re-aggregates its area.
    public func forget(cell: CellIdentity) throws(RadioMapError) -> ForgetSummary {
        try forgetting { aggregation in
            let key = Self.key(cell)
            let match = "radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?"
            var removed = try connection.integer(
                "SELECT coalesce(sum(samples), 0) FROM cell_observation_summaries WHERE \(match)", key)
            try connection.cachedStatement(sql: "DELETE FROM cell_observation_summaries WHERE \(match)").execute(key)
            try connection.cachedStatement(sql: "DELETE FROM cell_observations WHERE \(match)").execute(key)
            removed += Int64(connection.changes)
            try connection.cachedStatement(sql: "DELETE FROM cells WHERE \(match)").execute(key)
            aggregation.counts.cellsRemoved += connection.changes
            aggregation.areas.insert(cell.areaIdentity)
            return (Int(removed), 0)
        }
    }

    /// Forgets everything heard within `radius` metres of `centre`: sightings, summaries whose
    /// centre lies there, published cells placed there and fingerprints taken there; the
    /// emitters concerned are re-aggregated from what remains elsewhere.
    ///
    /// ```swift
    /// try map.forget(within: 300, of: Coordinate(latitude: 52.52, longitude: 13.405))  // home
    /// ```
    public func forget(within radius: Double, of centre: Coordinate) throws(RadioMapError) -> ForgetSummary {
        precondition(radius > 0 && centre.isValid, "a valid centre and a positive radius")
        return try forgetting { aggregation in
            let box = Self.boundingBox(radius: radius, centre: centre)
            func inside(_ statement: SQLiteStatement, latitude: Int32) -> Bool {
                Geodesy.distance(
                    from: centre,
                    to: Coordinate(latitude: statement.double(latitude), longitude: statement.double(latitude + 1))
                ) <= radius
            }
            var removed = 0
            // Access-point sightings and summaries.
            var apRows: [[SQLiteValue]] = []
            let aps = try connection.makeStatement(
                sql: "SELECT bssid, import_id, line, latitude, longitude FROM ap_observations WHERE \(box)")
            while try aps.step() {
                guard inside(aps, latitude: 3) else { continue }
                apRows.append([.integer(aps.int64(0)), .integer(aps.int64(1)), .integer(aps.int64(2))])
                aggregation.accessPoints.insert(UInt64(bitPattern: aps.int64(0)))
            }
            let deleteAP = try connection.makeStatement(
                sql: "DELETE FROM ap_observations WHERE bssid = ? AND import_id = ? AND line = ?")
            for row in apRows { try deleteAP.execute(row) }
            removed += apRows.count
            var apSummaries: [[SQLiteValue]] = []
            let apSummary = try connection.makeStatement(sql: """
                SELECT bssid, import_id, samples, latitude, longitude FROM ap_observation_summaries WHERE \(box)
                """)
            while try apSummary.step() {
                guard inside(apSummary, latitude: 3) else { continue }
                apSummaries.append([.integer(apSummary.int64(0)), .integer(apSummary.int64(1))])
                removed += Int(apSummary.int64(2))
                aggregation.accessPoints.insert(UInt64(bitPattern: apSummary.int64(0)))
            }
            let deleteAPSummary = try connection.makeStatement(
                sql: "DELETE FROM ap_observation_summaries WHERE bssid = ? AND import_id = ?")
            for row in apSummaries { try deleteAPSummary.execute(row) }

            // Cell sightings, summaries and published cells.
            let cellColumns = "radio, mcc, mnc, area, cell_id, import_id"
            var cellRows: [[SQLiteValue]] = []
            let cells = try connection.makeStatement(
                sql: "SELECT \(cellColumns), line, latitude, longitude FROM cell_observations WHERE \(box)")
            while try cells.step() {
                guard inside(cells, latitude: 7) else { continue }
                guard let cell = Self.cellIdentity(cells) else { continue }
                cellRows.append(Self.key(cell) + [.integer(cells.int64(5)), .integer(cells.int64(6))])
                aggregation.cells.insert(cell)
            }
            let deleteCell = try connection.makeStatement(sql: """
                DELETE FROM cell_observations
                WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? AND import_id = ? AND line = ?
                """)
            for row in cellRows { try deleteCell.execute(row) }
            removed += cellRows.count
            var cellSummaries: [[SQLiteValue]] = []
            let cellSummary = try connection.makeStatement(
                sql: "SELECT \(cellColumns), samples, latitude, longitude FROM cell_observation_summaries WHERE \(box)")
            while try cellSummary.step() {
                guard inside(cellSummary, latitude: 7) else { continue }
                guard let cell = Self.cellIdentity(cellSummary) else { continue }
                cellSummaries.append(Self.key(cell) + [.integer(cellSummary.int64(5))])
                removed += Int(cellSummary.int64(6))
                aggregation.cells.insert(cell)
            }
            let deleteCellSummary = try connection.makeStatement(sql: """
                DELETE FROM cell_observation_summaries
                WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ? AND import_id = ?
                """)
            for row in cellSummaries { try deleteCellSummary.execute(row) }
            var published: [CellIdentity] = []
            let publishedCells = try connection.makeStatement(sql: """
                SELECT radio, mcc, mnc, area, cell_id, source, latitude, longitude FROM cells
                WHERE source = 'opencellid' AND \(box)
                """)
            while try publishedCells.step() {
                guard inside(publishedCells, latitude: 6) else { continue }
                if let cell = Self.cellIdentity(publishedCells) { published.append(cell) }
            }
            let deletePublished = try connection.makeStatement(
                sql: "DELETE FROM cells WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?")
            for cell in published {
                try deletePublished.execute(Self.key(cell))
                aggregation.areas.insert(cell.areaIdentity)
            }
            aggregation.counts.cellsRemoved += published.count

            // Fingerprints taken there.
            var fingerprints: [Int64] = []
            let spots = try connection.makeStatement(sql: "SELECT id, 0, 0, latitude, longitude FROM fingerprints WHERE \(box)")
            while try spots.step() {
                if inside(spots, latitude: 3) { fingerprints.append(spots.int64(0)) }
            }
            for id in fingerprints {
                try connection.cachedStatement(sql: "DELETE FROM fingerprint_readings WHERE fingerprint_id = ?")
                    .execute([.integer(id)])
                try connection.cachedStatement(sql: "DELETE FROM fingerprints WHERE id = ?").execute([.integer(id)])
            }
            return (removed, fingerprints.count)
        }
    }

    /// Forgets every sighting made before `date` (a sighting of unknown time counts as made
    /// when its file was imported), summaries whose last sighting is older, and fingerprints
    /// taken before it; re-aggregates what they touched.
    public func forgetObservations(before date: Date) throws(RadioMapError) -> ForgetSummary {
        try forgetting { aggregation in
            let limit: [SQLiteValue] = [.real(date.timeIntervalSince1970)]
            let importedAt = "(SELECT imported_at FROM imports WHERE id = import_id)"
            let old = "coalesce(time, \(importedAt)) < ?"
            let oldSummary = "coalesce(last_seen, \(importedAt)) < ?"
            for sql in ["SELECT DISTINCT bssid FROM ap_observations WHERE \(old)",
                        "SELECT bssid FROM ap_observation_summaries WHERE \(oldSummary)"] {
                let select = try connection.makeStatement(sql: sql)
                select.bind(limit)
                while try select.step() { aggregation.accessPoints.insert(UInt64(bitPattern: select.int64(0))) }
            }
            aggregation.cells.formUnion(try collectCells(
                "SELECT DISTINCT radio, mcc, mnc, area, cell_id FROM cell_observations WHERE \(old)", limit))
            aggregation.cells.formUnion(try collectCells(
                "SELECT radio, mcc, mnc, area, cell_id FROM cell_observation_summaries WHERE \(oldSummary)", limit))
            var removed = 0
            for table in ["ap_observation_summaries", "cell_observation_summaries"] {
                removed += Int(try connection.integer(
                    "SELECT coalesce(sum(samples), 0) FROM \(table) WHERE \(oldSummary)", limit))
                try connection.makeStatement(sql: "DELETE FROM \(table) WHERE \(oldSummary)").execute(limit)
            }
            for table in ["ap_observations", "cell_observations"] {
                try connection.makeStatement(sql: "DELETE FROM \(table) WHERE \(old)").execute(limit)
                removed += connection.changes
            }
            try connection.makeStatement(sql: """
                DELETE FROM fingerprint_readings WHERE fingerprint_id IN (SELECT id FROM fingerprints WHERE \(old))
                """).execute(limit)
            try connection.makeStatement(sql: "DELETE FROM fingerprints WHERE \(old)").execute(limit)
            return (removed, connection.changes)
        }
    }

    /// Runs `body` (which deletes rows and names the emitters it touched) and the
    /// re-aggregation in one transaction.
    private func forgetting(
        _ body: (EmitterReaggregation) throws -> (observations: Int, fingerprints: Int)
    ) throws(RadioMapError) -> ForgetSummary {
        precondition(mode == .readWrite, "forgetting needs a radio map opened .readWrite")
        do {
            return try connection.inTransaction {
                let aggregation = EmitterReaggregation(connection: connection)
                let removed = try body(aggregation)
                aggregation.areas.formUnion(aggregation.cells.map(\.areaIdentity))
                try aggregation.run()
                var summary = ForgetSummary()
                summary.observationsRemoved = removed.observations
                summary.fingerprintsRemoved = removed.fingerprints
                summary.accessPointsRemoved = aggregation.counts.accessPointsRemoved
                summary.accessPointsUpdated = aggregation.counts.accessPointsUpdated
                summary.cellsRemoved = aggregation.counts.cellsRemoved
                summary.cellsUpdated = aggregation.counts.cellsUpdated
                return summary
            }
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// A cell from columns `radio, mcc, mnc, area, cell_id` at 0…4.
    static func cellIdentity(_ statement: SQLiteStatement) -> CellIdentity? {
        guard let radio = statement.text(0).flatMap(RadioType.init(rawValue:)) else { return nil }
        return try? CellIdentity(radio: radio, mcc: Int(statement.int64(1)), mnc: Int(statement.int64(2)),
                                 area: Int(statement.int64(3)), cellID: statement.int64(4))
    }

    /// An SQL condition on `latitude`/`longitude` holding at least the circle (a cheap first
    /// cut; callers check the exact distance). Near the poles or the antimeridian it holds
    /// every longitude.
    static func boundingBox(radius: Double, centre: Coordinate) -> String {
        let latitudeSpan = radius / 111_000 * 1.01
        let south = centre.latitude - latitudeSpan, north = centre.latitude + latitudeSpan
        let cosine = cos(centre.latitude * .pi / 180)
        let longitudeSpan = cosine > 0.01 ? latitudeSpan / cosine : 360
        let west = centre.longitude - longitudeSpan, east = centre.longitude + longitudeSpan
        var condition = "latitude BETWEEN \(south) AND \(north)"
        if west >= -180 && east <= 180 { condition += " AND longitude BETWEEN \(west) AND \(east)" }
        return condition
    }
}
