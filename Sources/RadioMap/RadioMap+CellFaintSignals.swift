import PositioningCore

/// Each cell's faint level (`KnownCell.faintSignal`: the lower quartile of the signal levels
/// of its stored sightings), kept in `cells.faint_signal` beside the position and radius it
/// was aggregated with, so a lookup reads one column instead of every sighting (a cell that a
/// wardriving export heard 8,000 times took 3 ms a request to rank on the fly).
///
/// Written where a cell's aggregate is: by the re-aggregation after an import, a forget or a
/// retention pass (`EmitterReaggregation`; a published cell keeps its publisher's place and
/// gets the level of the survey's sightings of it), and for every cell by `db calibrate`
/// (`replaceCalibration`), so a map imported before the column existed has its levels from
/// the calibration whose factors judge them. Until then the column is NULL and every cell fix
/// is an ordinary one, as the map's older factors expect.
extension RadioMap {
    static let cellFaintSignalMigration = (
        name: "v8-cell-faint-signal",
        sql: "ALTER TABLE cells ADD COLUMN faint_signal REAL;"
    )

    /// Sets every cell's `faint_signal` from its stored sightings' levels (NULL for a cell with
    /// too few). Runs inside the caller's write transaction.
    func refreshCellFaintSignals() throws {
        try connection.execute("UPDATE cells SET faint_signal = NULL WHERE faint_signal IS NOT NULL")
        let levels = try connection.makeStatement(sql: """
            SELECT radio, mcc, mnc, area, cell_id, signal FROM cell_observations WHERE signal IS NOT NULL
            ORDER BY radio, mcc, mnc, area, cell_id
            """)
        let update = try connection.makeStatement(sql: """
            UPDATE cells SET faint_signal = ? WHERE radio = ? AND mcc = ? AND mnc = ? AND area = ? AND cell_id = ?
            """)
        struct Key: Equatable {
            var radio: String
            var numbers: [Int64]
        }
        var current: Key?
        var signals: [Double] = []
        func flush() throws {
            guard let current, let faint = KnownCell.faintSignal(of: signals) else { return }
            try update.execute([.real(faint), .text(current.radio)] + current.numbers.map { .integer($0) })
        }
        while try levels.step() {
            let key = Key(radio: levels.text(0) ?? "", numbers: (1...4).map { levels.int64(Int32($0)) })
            if key != current {
                try flush()
                current = key
                signals.removeAll(keepingCapacity: true)
            }
            signals.append(levels.double(5))
        }
        try flush()
    }

    /// Whether this map's `cells` has the column (a map opened read-only may predate it).
    func hasCellFaintSignals() throws -> Bool {
        try connection.hasColumn("faint_signal", in: "cells")
    }
}
