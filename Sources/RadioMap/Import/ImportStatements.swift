/// The statements an import runs once per row, prepared once.
struct ImportStatements {
    let insertAccessPointObservation: SQLiteStatement
    let insertCellObservation: SQLiteStatement
    /// Inserts a published cell unless its key exists (then `changes` is 0)…
    let insertPublishedCell: SQLiteStatement
    /// …and replaces an existing one, in the same column order.
    let updatePublishedCell: SQLiteStatement

    init(_ connection: SQLiteConnection) throws(SQLiteError) {
        insertAccessPointObservation = try connection.makeStatement(sql: """
            INSERT INTO ap_observations(bssid, import_id, line, latitude, longitude, accuracy, signal, time, ssid)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertCellObservation = try connection.makeStatement(sql: """
            INSERT INTO cell_observations(radio, mcc, mnc, area, cell_id, import_id, line, latitude, longitude,
                accuracy, signal, time)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertPublishedCell = try connection.makeStatement(sql: """
            INSERT OR IGNORE INTO cells(radio, mcc, mnc, area, cell_id, latitude, longitude, radius, samples,
                first_seen, last_seen, status, source, import_id)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'opencellid', ?)
            """)
        updatePublishedCell = try connection.makeStatement(sql: """
            UPDATE cells SET latitude = ?6, longitude = ?7, radius = ?8, samples = ?9, first_seen = ?10,
                last_seen = ?11, status = ?12, source = 'opencellid', import_id = ?13
            WHERE radio = ?1 AND mcc = ?2 AND mnc = ?3 AND area = ?4 AND cell_id = ?5
            """)
    }
}
