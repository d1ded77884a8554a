/// The statements an import runs once per row, prepared once.
struct ImportStatements {
    let insertAccessPointObservation: SQLiteStatement
    let insertCellObservation: SQLiteStatement

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
    }
}
