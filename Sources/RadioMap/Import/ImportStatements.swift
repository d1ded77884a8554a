/// The statements an import runs once per row, prepared once.
struct ImportStatements {
    let insertAccessPointObservation: SQLiteStatement
    let insertCellObservation: SQLiteStatement
    /// Access-point sightings, many per execution (the same columns as `insertAccessPointObservation`).
    let accessPointObservations: BatchedInsert
    /// Published cells, many per execution: a new key is inserted, an existing one replaced
    /// (the later row of a file wins over an earlier one for the same cell).
    let publishedCells: BatchedInsert

    init(_ connection: SQLiteConnection) throws(SQLiteError) {
        let accessPointObservation = (
            prefix: """
                INSERT INTO ap_observations(bssid, import_id, line, latitude, longitude, accuracy, signal, time, ssid)
                VALUES
                """,
            row: "(?, ?, ?, ?, ?, ?, ?, ?, ?)")
        insertAccessPointObservation = try connection.makeStatement(
            sql: "\(accessPointObservation.prefix) \(accessPointObservation.row)")
        accessPointObservations = try BatchedInsert(
            connection, prefix: accessPointObservation.prefix, row: accessPointObservation.row, parameters: 9)
        insertCellObservation = try connection.makeStatement(sql: """
            INSERT INTO cell_observations(radio, mcc, mnc, area, cell_id, import_id, line, latitude, longitude,
                accuracy, signal, time)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        publishedCells = try BatchedInsert(
            connection,
            prefix: """
                INSERT INTO cells(radio, mcc, mnc, area, cell_id, latitude, longitude, radius, samples,
                    first_seen, last_seen, status, source, import_id)
                VALUES
                """,
            row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'opencellid', ?)", parameters: 13,
            suffix: """
                ON CONFLICT DO UPDATE SET latitude = excluded.latitude, longitude = excluded.longitude,
                    radius = excluded.radius, samples = excluded.samples, first_seen = excluded.first_seen,
                    last_seen = excluded.last_seen, status = excluded.status, source = 'opencellid',
                    import_id = excluded.import_id
                WHERE cells.source <> 'opencellid' OR cells.last_seen IS NULL OR excluded.last_seen IS NULL
                    OR excluded.last_seen >= cells.last_seen
                """)
    }
}
