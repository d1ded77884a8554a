import Foundation

/// An `INSERT` that writes many rows per execution: `INSERT INTO t(…) VALUES (…), (…), … `.
///
/// Each execution of a statement opens the table's cursor, checks the transaction and closes
/// it again; for one row per execution that fixed cost is as large as the B-tree insert itself
/// (about 0.5 µs of a 1.9 µs OpenCellID row, measured with SQLite's C API). With 64 rows per
/// execution the cost is shared, and an import writes each row in about two thirds of the time.
/// Rows that do not fill a whole statement go through a one-row statement of the same shape.
///
/// ```swift
/// let insert = try BatchedInsert(connection, prefix: "INSERT INTO t(a, b) VALUES", row: "(?, ?)", parameters: 2)
/// try insert.insert(rows) { row, statement, first in
///     statement.bind(.integer(row.a), at: first)
///     statement.bind(.text(row.b), at: first + 1)
/// }
/// ```
final class BatchedInsert {
    /// The statement for `rowsPerStatement` rows, and the one for a single row.
    private let many: SQLiteStatement
    private let one: SQLiteStatement
    private let parameters: Int32
    let rowsPerStatement: Int

    /// - Parameters:
    ///   - prefix: Everything before the first row's values, ending in `VALUES`.
    ///   - row: One row's values in parentheses, with `parameters` anonymous `?` parameters.
    ///   - suffix: What follows the rows (an `ON CONFLICT` clause), or empty.
    ///   - rowsPerStatement: Rows per full statement; `parameters × rowsPerStatement` must stay
    ///     within SQLite's limit of 32,766 parameters.
    init(_ connection: SQLiteConnection, prefix: String, row: String, parameters: Int32, suffix: String = "",
         rowsPerStatement: Int = 64) throws(SQLiteError) {
        precondition(Int(parameters) * rowsPerStatement <= 32_766, "too many parameters for one statement")
        let rows = Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")
        many = try connection.makeStatement(sql: "\(prefix) \(rows) \(suffix)")
        one = try connection.makeStatement(sql: "\(prefix) \(row) \(suffix)")
        self.parameters = parameters
        self.rowsPerStatement = rowsPerStatement
    }

    /// Inserts `rows` in order; `bind` binds one row's values to the statement's parameters
    /// from `first` on.
    func insert<Rows: RandomAccessCollection>(
        _ rows: Rows, bind: (Rows.Element, SQLiteStatement, Int32) -> Void
    ) throws(SQLiteError) {
        var start = rows.startIndex
        while rows.distance(from: start, to: rows.endIndex) >= rowsPerStatement {
            let end = rows.index(start, offsetBy: rowsPerStatement)
            try run(many, rows[start..<end], bind: bind)
            start = end
        }
        for row in rows[start...] { try run(one, CollectionOfOne(row), bind: bind) }
    }

    private func run<Rows: Collection>(
        _ statement: SQLiteStatement, _ rows: Rows, bind: (Rows.Element, SQLiteStatement, Int32) -> Void
    ) throws(SQLiteError) {
        statement.reset()
        var first: Int32 = 1
        for row in rows {
            bind(row, statement, first)
            first += parameters
        }
        while try statement.step() {}
        statement.reset()
    }
}
