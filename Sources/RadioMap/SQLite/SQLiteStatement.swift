import Foundation
internal import CSQLite

/// A prepared statement, owned by its `SQLiteConnection` and finalized in `deinit`.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the parameters 1…n after resetting the statement.
    func bind(_ values: [SQLiteValue]) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
    }

    func bind(_ value: SQLiteValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        case .text(let text): sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        }
    }

    /// Resets the statement and binds `values` to the parameters 1…n, without an array of
    /// `SQLiteValue` (a request's access points are looked up with one such statement).
    func bind(integers values: some Sequence<Int64>) {
        sqlite3_reset(handle)
        for (offset, value) in values.enumerated() { sqlite3_bind_int64(handle, Int32(offset + 1), value) }
    }

    /// Binds ASCII text that lives as long as the program, without copying it
    /// (`SQLITE_STATIC`): radio and status names bound once per imported row.
    func bind(staticText text: StaticString, at index: Int32) {
        text.utf8Start.withMemoryRebound(to: CChar.self, capacity: text.utf8CodeUnitCount) { pointer in
            _ = sqlite3_bind_text(handle, index, pointer, Int32(text.utf8CodeUnitCount), nil)  // nil is SQLITE_STATIC
        }
    }

    /// Steps once: true when a row is available, false when done.
    @discardableResult
    func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(handle)
        if result == SQLITE_ROW { return true }
        if result == SQLITE_DONE { return false }
        let error = connection.error(result, sql: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// Binds `values`, runs the statement to completion and resets it.
    func execute(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: pointer)
    }
    /// Whether column `column` holds exactly the ASCII text `literal`, without making a `String`.
    func text(_ column: Int32, equals literal: StaticString) -> Bool {
        guard let pointer = sqlite3_column_text(handle, column) else { return false }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count == literal.utf8CodeUnitCount else { return false }
        return memcmp(pointer, literal.utf8Start, count) == 0
    }
    /// The number of columns a row of the result has (the corresponding C function is `sqlite3_column_count`).
    var columnCount: Int32 { sqlite3_column_count(handle) }
    func reset() { sqlite3_reset(handle) }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    static func optional(_ value: Double?) -> SQLiteValue { value.map(SQLiteValue.real) ?? .null }
    static func optional(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}
