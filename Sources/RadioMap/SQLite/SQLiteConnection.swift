import Foundation
internal import CSQLite

/// One SQLite connection, closed in `deinit`. Not `Sendable`: confine it to one thread or actor.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statementCache: [String: SQLiteStatement] = [:]
    /// The busy handler installed by `waitWhenBusy`, kept alive as long as the connection.
    private var busyWaiter: SQLiteBusyWaiter?

    /// Opens `path`; `readOnly` uses `SQLITE_OPEN_READONLY`, otherwise the file is created.
    /// `immutable` (read-only only) opens it as a URI with `immutable=1`: SQLite then neither locks
    /// the file nor needs the write-ahead log's `-shm` index beside it, which a user who may not
    /// write the map's directory cannot create (https://www.sqlite.org/uri.html#uriimmutable).
    init(path: String, readOnly: Bool, immutable: Bool = false) throws(SQLiteError) {
        precondition(readOnly || !immutable, "an immutable database is read-only")
        var connection: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            name = "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
        }
        let result = sqlite3_open_v2(name, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(connection)
            throw SQLiteError(extendedCode: Int(result), message: message)
        }
        handle = connection
        // Wait for a concurrent writer (an import) rather than fail at once.
        sqlite3_busy_timeout(handle, 5_000)
    }

    /// Waits for another connection's lock (another process's import) for up to `limit` (nil: as
    /// long as it is held) instead of failing after the default 5 s, calling `notice` once per
    /// wait that lasts longer than `noticeDelay`.
    func waitWhenBusy(limit: Duration?, noticeDelay: Duration, notice: @escaping () -> Void) {
        let waiter = SQLiteBusyWaiter(limit: limit, noticeDelay: noticeDelay, notice: notice)
        waiter.install(on: handle)
        busyWaiter = waiter
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ result: Int32, sql: String?) -> SQLiteError {
        SQLiteError(extendedCode: Int(sqlite3_extended_errcode(handle)), message: String(cString: sqlite3_errmsg(handle)),
                    sql: sql)
    }

    /// The first `count` bytes of the database file (fewer when the file is shorter) and the
    /// file's size, read through SQLite's own descriptor of the file (`SQLITE_FCNTL_FILE_POINTER`,
    /// then the VFS's `xFileSize` and `xRead`) before anything else has read it.
    ///
    /// Not through a descriptor of our own: POSIX advisory locks belong to the process, and
    /// closing *any* descriptor of a file drops all of them — among them the SHARED lock by which
    /// this process's other open connections tell a writer they are still reading. A writer
    /// closing its last connection then takes its EXCLUSIVE lock, checkpoints without heeding
    /// their snapshots and deletes the write-ahead log under them, and they read "database is
    /// corrupt" (https://www.sqlite.org/howtocorrupt.html, section 2.2).
    func databaseFileHead(count: Int) throws(SQLiteError) -> (bytes: [UInt8], fileSize: Int64) {
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        let result = sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer)
        guard result == SQLITE_OK, let file = pointer, let methods = file.pointee.pMethods,
            let fileSize = methods.pointee.xFileSize, let read = methods.pointee.xRead
        else { throw SQLiteError(extendedCode: Int(SQLITE_MISUSE), message: "no database file to read") }
        var size: sqlite3_int64 = 0
        let sizeResult = fileSize(file, &size)
        guard sizeResult == SQLITE_OK else { throw error(sizeResult, sql: nil) }
        var bytes = [UInt8](repeating: 0, count: Int(min(Int64(count), size)))
        guard !bytes.isEmpty else { return (bytes, size) }
        let readResult = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32($0.count), 0) }
        guard readResult == SQLITE_OK else { throw error(readResult, sql: nil) }
        return (bytes, size)
    }

    /// The whole database as the bytes of its file (the corresponding C function is
    /// `sqlite3_serialize`): how a map built in memory is written out in one piece.
    func serialized() throws(SQLiteError) -> [UInt8] {
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
            throw SQLiteError(extendedCode: Int(SQLITE_NOMEM), message: "cannot serialize the database")
        }
        defer { sqlite3_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result, sql: sql) }
    }

    /// A new prepared statement for `sql`.
    func makeStatement(sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result, sql: sql) }
        return SQLiteStatement(handle: statement, sql: sql, connection: self)
    }

    /// A prepared statement for `sql`, reused across calls.
    func cachedStatement(sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statementCache[sql] { return statement }
        let statement = try makeStatement(sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
        let statement = try cachedStatement(sql: sql)
        statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(0) : 0
    }

    /// Whether the database has a table named `name`: a map opened read-only is never migrated,
    /// so it may predate a table the current schema has.
    func hasTable(_ name: String) throws(SQLiteError) -> Bool {
        try integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]) > 0
    }

    /// Whether `table` has a column named `column` (false when the table is missing): a map
    /// opened read-only may predate a column a migration added.
    func hasColumn(_ column: String, in table: String) throws(SQLiteError) -> Bool {
        try integer("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]) > 0
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it throws.
    func inTransaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        // Prepared once: a read transaction wraps every lookup request, and compiling BEGIN and
        // COMMIT each time showed in the server's profile.
        try cachedStatement(sql: immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED").execute()
        do {
            let value = try body()
            try cachedStatement(sql: "COMMIT").execute()
            return value
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in a transaction, or — when one is open already — in a savepoint of it:
    /// released when it returns, rolled back to and rethrown when it throws (the outer
    /// transaction goes on).
    func inTransactionOrSavepoint<T>(_ body: () throws -> T) throws -> T {
        guard isInTransaction else { return try inTransaction(body) }
        try cachedStatement(sql: "SAVEPOINT nested").execute()
        do {
            let value = try body()
            try cachedStatement(sql: "RELEASE nested").execute()
            return value
        } catch {
            try? execute("ROLLBACK TO nested")
            try? execute("RELEASE nested")
            throw error
        }
    }

    /// Whether SQLite opened the file read-only although writing was asked for (it does so when
    /// the file's permissions or its mount forbid writing; the corresponding C function is
    /// `sqlite3_db_readonly`).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    var changes: Int { Int(sqlite3_changes64(handle)) }
    /// Rows inserted, updated or deleted since the connection opened (an upsert that did
    /// nothing counts none). The corresponding C function is `sqlite3_total_changes64`.
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// Whether a transaction is open (the corresponding C function is `sqlite3_get_autocommit`).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
