import Foundation
import Testing
import TestSupport

@testable import RadioMap

@Suite struct BatchedInsertTests {
    struct Row {
        var key: Int64
        var name: String
        var value: Double?

        /// The row as `rows(_:)` prints it.
        var text: String {
            let printed = value.map { "\($0)" } ?? "null"
            return "\(key) \(name) \(printed)"
        }
    }

    /// A connection to a fresh file with a keyed table, and a batched insert into it of 4 rows
    /// per full statement (small, so a few rows exercise full statements and the remainder).
    static func table(in directory: TemporaryDirectory, suffix: String = "") throws -> (SQLiteConnection, BatchedInsert) {
        let connection = try SQLiteConnection(path: directory.path("t.sqlite"), readOnly: false)
        try connection.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, name TEXT NOT NULL, value REAL)")
        let insert = try BatchedInsert(
            connection, prefix: "INSERT INTO t(k, name, value) VALUES", row: "(?, ?, ?)", parameters: 3, suffix: suffix,
            rowsPerStatement: 4)
        return (connection, insert)
    }

    static func rows(_ connection: SQLiteConnection) throws -> [String] {
        let select = try connection.makeStatement(sql: "SELECT k, name, value FROM t ORDER BY k")
        var rows: [String] = []
        while try select.step() {
            rows.append(Row(key: select.int64(0), name: select.text(1) ?? "-", value: select.optionalDouble(2)).text)
        }
        return rows
    }

    @Test(arguments: [0, 1, 3, 4, 5, 8, 11])
    func everyRowIsWrittenOnceWhateverTheCount(count: Int) throws {
        let directory = TemporaryDirectory()
        let (connection, insert) = try Self.table(in: directory)
        let rows: [Row] = (0..<count).map { (index: Int) -> Row in
            let value: Double? = index.isMultiple(of: 2) ? Double(index) / 2 : nil
            return Row(key: Int64(index) * 10, name: "row \(index)", value: value)
        }
        try insert.insert(rows) { row, statement, first in
            statement.bind(.integer(row.key), at: first)
            statement.bind(.text(row.name), at: first + 1)
            statement.bind(.optional(row.value), at: first + 2)
        }
        #expect(try Self.rows(connection) == rows.map(\.text))
    }

    @Test func aConflictClauseAppliesWithinAndAcrossStatements() throws {
        let directory = TemporaryDirectory()
        let (connection, insert) = try Self.table(in: directory, suffix: "ON CONFLICT DO UPDATE SET name = excluded.name")
        // Keys 1 and 2 come twice in the first full statement, key 1 again in the remainder:
        // the later row wins each time.
        let rows: [(Int64, String)] = [(1, "a"), (2, "b"), (1, "c"), (2, "d"), (3, "e"), (1, "f")]
        try insert.insert(rows) { row, statement, first in
            statement.bind(.integer(row.0), at: first)
            statement.bind(.text(row.1), at: first + 1)
            statement.bind(.null, at: first + 2)
        }
        #expect(try Self.rows(connection) == ["1 f null", "2 d null", "3 e null"])
    }

    @Test func aFailingRowLeavesNoRowOfItsStatementBehind() throws {
        let directory = TemporaryDirectory()
        let (connection, insert) = try Self.table(in: directory)
        // The fourth row breaks NOT NULL: its whole statement (rows 1–4) is undone, as one
        // statement; the caller's transaction decides about everything else.
        let names: [String?] = ["a", "b", "c", nil, "e"]
        #expect(throws: SQLiteError.self) {
            try insert.insert(Array(names.enumerated())) { row, statement, first in
                statement.bind(.integer(Int64(row.offset)), at: first)
                statement.bind(row.element.map(SQLiteValue.text) ?? .null, at: first + 1)
                statement.bind(.null, at: first + 2)
            }
        }
        #expect(try Self.rows(connection).isEmpty)
    }
}
