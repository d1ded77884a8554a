internal import CSQLite

/// An error reported by SQLite: its result code, its message, and the SQL it was running.
///
/// Prints like GRDB's: `SQLite error 19: UNIQUE constraint failed: imports.content_hash - while
/// executing INSERT INTO imports …`.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
    public var extendedCode: Int
    /// SQLite's message for the failure.
    public var message: String
    /// The statement that failed, when one did.
    public var sql: String?

    /// Creates an error from its parts.
    public init(extendedCode: Int, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of `extendedCode`), e.g. 26 for "not a database".
    public var code: Int { extendedCode & 0xFF }

    /// The file is not an SQLite database (`SQLITE_NOTADB`).
    public var isNotADatabase: Bool { code == Int(SQLITE_NOTADB) }
    /// The file is damaged (`SQLITE_CORRUPT`).
    public var isCorrupt: Bool { code == Int(SQLITE_CORRUPT) }
    /// The file could not be opened (`SQLITE_CANTOPEN`).
    public var isCannotOpen: Bool { code == Int(SQLITE_CANTOPEN) }
    /// Another connection holds the lock needed (`SQLITE_BUSY`).
    public var isBusy: Bool { code == Int(SQLITE_BUSY) }
    /// The disk is full (`SQLITE_FULL`).
    public var isFull: Bool { code == Int(SQLITE_FULL) }
    /// The file may not be written (`SQLITE_READONLY`).
    public var isReadOnly: Bool { code == Int(SQLITE_READONLY) }
    /// The operating system failed a read or write (`SQLITE_IOERR`).
    public var isInputOutput: Bool { code == Int(SQLITE_IOERR) }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " - while executing \(sql)" }
        return text
    }
}
