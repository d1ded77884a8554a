import Foundation
import PositioningCore
import SystemSupport

/// The local radio map: where access points, cells and areas are, in one SQLite file.
///
/// One instance is one SQLite connection, so it is not `Sendable`: give each thread or actor
/// its own. A `.readOnly` map never writes and never migrates (a `locate` never waits behind an
/// import); `.readWrite` creates the file (0600, in a 0700 directory when that is missing),
/// switches it to WAL and brings its schema up to date. Foreign, truncated or corrupt files are
/// refused at open.
///
/// ```swift
/// let map = try RadioMap(path: "/home/me/.local/share/whereabouts/radiomap.sqlite", mode: .readWrite)
/// let summary = try map.importSurvey(at: "WigleWifi_20171027.csv", options: ImportOptions(), progress: nil)
/// let known = try map.accessPoints(for: [BSSID("b4:ee:b4:36:d2:b0")!])
/// ```
public final class RadioMap {
    /// How a radio map is opened.
    public enum AccessMode: Sendable {
        /// Lookups only: `SQLITE_OPEN_READONLY`, no migrations, no writes.
        case readOnly
        /// Lookups, imports and maintenance; creates and migrates the file.
        case readWrite
    }

    /// The database file's path.
    public let path: String
    /// How the map was opened.
    public let mode: AccessMode
    let connection: SQLiteConnection
    /// The map size past which an import spills its sorted sightings instead of inserting them
    /// batch by batch (`SightingRuns`): the page cache. Tests lower it to spill every batch.
    var importSpillThreshold = RadioMap.writerCacheBytes
    /// How many access points `forgetImport` deletes the sightings of and re-aggregates at a
    /// time. Tests lower it to take several chunks.
    var forgetChunk = 65_536

    /// Opens the radio map at `path`.
    /// - Throws: `.missing` for a read-only open of a missing file (`.beingBuilt` while an
    ///   import builds it out of sight), `.notARadioMap` for a file
    ///   that is not a Whereabouts radio map, `.sqlite` for other SQLite failures.
    public init(path: String, mode: AccessMode) throws(RadioMapError) {
        self.path = path
        self.mode = mode
        do {
            let exists = FileManager.default.fileExists(atPath: path)
            switch mode {
            case .readOnly:
                guard exists else {
                    if let builder = Self.builder(of: path) { throw RadioMapError.beingBuilt(path: path, processID: builder) }
                    throw RadioMapError.missing(path: path)
                }
            case .readWrite:
                if !exists { try NewRadioMapFile.create(at: path) }
            }
            let opened = try Self.openAndIdentify(path, mode: mode)
            connection = opened.connection
            try Self.prepare(connection, mode: mode, identity: opened.identity, path: path)
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Opens the scratch file of a map being built out of sight (`RadioMap.buildNew`), under the
    /// name of the map it will become (`path`, for messages). No WAL: the rollback journal is
    /// kept in memory and the file locked for this connection alone, so that each page is
    /// written once, to the file itself, instead of to the log and again by the checkpoint.
    init(building path: String, scratch: String) throws(RadioMapError) {
        self.path = path
        self.mode = .readWrite
        do {
            connection = try Self.openConnection(scratch, mode: .readWrite)
            try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
            try connection.execute("PRAGMA journal_mode = MEMORY")
            let identity = try Self.identify(connection, mode: .readWrite, path: path)
            try Self.prepare(connection, mode: .readWrite, identity: identity, path: path, writeAheadLog: false)
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Ends a build (`init(building:scratch:)`): switches the file to WAL, as every map is, and
    /// leaves it complete on disk for the caller to close and name.
    func finishBuild() throws(RadioMapError) {
        do {
            try connection.execute("PRAGMA journal_mode = WAL")
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Makes writes wait for another process's write transaction (an import running beside this
    /// one) instead of failing with "database is locked" after 5 s.
    ///
    /// SQLite lets one writer at a time; a second `import` started while one runs would
    /// otherwise give up. With this it waits, calls `notice` once when the wait has lasted
    /// `noticeDelay` (so the user learns why nothing happens), and carries on when the other
    /// writer commits. Readers never need this: in WAL mode they do not wait for writers.
    ///
    /// ```swift
    /// map.waitWhenBusy { print("database busy, waiting for another import…") }
    /// ```
    /// - Parameters:
    ///   - limit: The longest one wait may last; nil waits as long as the lock is held.
    ///   - noticeDelay: How long a wait lasts before `notice` is called.
    ///   - notice: Called on the calling thread, at most once per wait.
    public func waitWhenBusy(limit: Duration? = nil, noticeDelay: Duration = .milliseconds(500),
                             notice: @escaping () -> Void) {
        connection.waitWhenBusy(limit: limit, noticeDelay: noticeDelay, notice: notice)
    }

    /// The connection; a file SQLite cannot open is "unreadable", as the header check said
    /// when it opened the file itself.
    private static func openConnection(_ path: String, mode: AccessMode, immutable: Bool = false) throws -> SQLiteConnection {
        let opened = Result { () throws(SQLiteError) in
            try SQLiteConnection(path: path, readOnly: mode == .readOnly, immutable: immutable)
        }
        if case .failure(let error) = opened, error.isCannotOpen {
            throw RadioMapError.notARadioMap(path: path, reason: "file is unreadable")
        }
        let connection = try opened.get()
        // SQLite quietly opens read-only what it may not write; a writer would only fail later.
        if mode == .readWrite && connection.isReadOnly {
            throw RadioMapError.readOnly(path: path, reason: FileSystemLocation.whyReadOnly(path))
        }
        return connection
    }

    /// The connection and what the file holds. A reader that may not use the `-shm` index and
    /// `-wal` log a WAL map needs beside it (an admin's map under /var/lib, a read-only mount)
    /// reads the map as immutable. Only then: an immutable reader sees neither the log nor a
    /// writer's locks, so beside a live writer it would answer from a stale or half-checkpointed
    /// file. Any other failure to open the log is tried again for `logRetryWindow`, then reported.
    private static func openAndIdentify(_ path: String, mode: AccessMode) throws
        -> (connection: SQLiteConnection, identity: Identity)
    {
        let deadline = ContinuousClock.now + logRetryWindow
        while true {
            let connection = try openConnection(path, mode: mode)
            do {
                return (connection, try identify(connection, mode: mode, path: path))
            } catch let error as SQLiteError where error.isReadOnly || error.isCannotOpen {
                // A writer that may write the file but not create its `-wal` beside it.
                guard mode == .readOnly else {
                    throw RadioMapError.readOnly(path: path, reason: FileSystemLocation.whyReadOnly(path))
                }
                if FileSystemLocation.keepsReaderFromWriteAheadLog(path) {
                    let immutable = try openConnection(path, mode: mode, immutable: true)
                    return (immutable, try identify(immutable, mode: mode, path: path))
                }
                guard ContinuousClock.now < deadline else {
                    throw RadioMapError.inputOutput(
                        path: path,
                        reason: "SQLite could not open the write-ahead log beside it (\(error.message), "
                            + "extended code \(error.extendedCode))")
                }
                usleep(20_000)
            }
        }
    }

    /// How long a reader tries again to open a map's write-ahead log that the file system does
    /// not keep it from (a moment when another process's last close is removing it).
    static let logRetryWindow: Duration = .seconds(1)

    /// What the file holds, read in one read transaction (one snapshot), after the header check.
    struct Identity {
        var tableCount: Int64
        var applicationID: Int64
        var isNew: Bool { applicationID == 0 && tableCount == 0 }
    }

    /// How long a reader waits for a map that another process is still creating (an empty file,
    /// as versions before issue 29 made them in place) before it says so.
    static let creationWait: Duration = .seconds(2)

    /// Checks the header, then reads the table count and application id in one snapshot; refuses
    /// foreign files. A reader that finds a map not made yet waits `creationWait` for it.
    private static func identify(_ connection: SQLiteConnection, mode: AccessMode, path: String) throws -> Identity {
        let deadline = ContinuousClock.now + creationWait
        while true {
            let identity = try connection.inTransaction(immediate: false) { () throws -> Identity in
                // Through the connection's own descriptor: closing one of our own would drop the
                // locks of this process's other connections to the file (see `databaseFileHead`).
                try RadioMapFileHeader.check(connection, path: path)
                // Reading the schema is where SQLite notices a foreign or damaged file.
                return Identity(tableCount: try connection.integer("SELECT count(*) FROM sqlite_master"),
                                applicationID: try connection.integer("PRAGMA application_id"))
            }
            if identity.applicationID == Int64(RadioMapSchema.applicationID) || (mode == .readWrite && identity.isNew) {
                return identity
            }
            guard identity.applicationID == 0 else {
                throw RadioMapError.notARadioMap(
                    path: path, reason: "application id 0x\(String(identity.applicationID, radix: 16)) is not Whereabouts'")
            }
            if try identity.tableCount > 0 && !connection.hasTable("schema_migrations") {
                throw RadioMapError.notARadioMap(path: path, reason: "application id 0x0 is not Whereabouts'")
            }
            guard ContinuousClock.now < deadline else {
                if fileSize(path) == 0 { throw RadioMapError.notARadioMap(path: path, reason: "database is empty") }
                throw RadioMapError.beingCreated(path: path)
            }
            usleep(20_000)
        }
    }

    private static func prepare(
        _ connection: SQLiteConnection, mode: AccessMode, identity: Identity, path: String, writeAheadLog: Bool = true
    ) throws {
        let applicationID = identity.applicationID
        switch mode {
        case .readOnly:
            try connection.execute("PRAGMA query_only = ON")
            // Lookups read pages at random all over a large map: mapping the file spares a
            // `pread` and a copy per page (a quarter of `locate --batch`'s time on a 1 M-AP map).
            // It was turned off once because mapped readers beside an import read "database is
            // corrupt"; the cause was ours, not the mapping's: the header check closed its own
            // descriptor of the file, which dropped this process's SHARED lock, so a closing
            // import checkpointed under the readers' snapshot and deleted the WAL (unmapped
            // readers then silently answered from the changed file; see `databaseFileHead`).
            // The file never shrinks under a mapping: nothing here vacuums, auto-vacuum is off.
            try connection.execute("PRAGMA mmap_size = \(Self.readerMapSize)")
            try connection.execute("PRAGMA cache_size = -16384")
        case .readWrite:
            if applicationID == 0 {
                try connection.execute("PRAGMA page_size = \(Self.pageSize)")
            }
            if writeAheadLog { try enableWriteAheadLog(connection) }
            try connection.execute("PRAGMA synchronous = NORMAL")
            // Imports re-read the emitters they touched; a 48 MiB page cache keeps those pages
            // hot, and leaves room in the import's memory for large sorted batches.
            try connection.execute("PRAGMA cache_size = -\(Self.writerCacheBytes / 1024)")
            // Statement journals in memory: an import's multi-row INSERT keeps the pages it is
            // about to change until it completes, and with a temporary file that was 450 MiB of
            // writes for a 67 MiB map (they are small: one statement's pages, dropped after it).
            try connection.execute("PRAGMA temp_store = MEMORY")
            if applicationID == 0 {
                try connection.execute("PRAGMA application_id = \(RadioMapSchema.applicationID)")
            }
            try RadioMapSchema.migrate(connection)
        }
    }

    /// The page cache of a writing connection: 48 MiB.
    static let writerCacheBytes: Int64 = 48 << 20

    /// The page size of a new radio map (an existing file keeps its own). Bulk imports split and
    /// write half as many pages as with SQLite's 4 KiB default: a million OpenCellID rows import
    /// in 1.88 s instead of 2.01 s, a million WiGLE rows in 2.59 s instead of 2.88 s. Lookups
    /// pay a little for the longer in-page search: `locate --batch` on a 1 M-AP map takes 4 %
    /// more CPU (16 KiB pages: 10 %, for no faster import). Takes effect only before the file's
    /// first write, which switching it to WAL is.
    static let pageSize = 8192

    /// How much of the file a read-only connection maps into memory (address space, not RAM;
    /// SQLite caps it at its compile-time `SQLITE_MAX_MMAP_SIZE`, 2 GiB on Debian).
    static let readerMapSize = 1 << 34

    /// Switches the file to WAL (a no-op once it is). Switching a new file needs an exclusive
    /// lock, and while another process that is creating the same file holds a lock SQLite answers
    /// `SQLITE_BUSY` at once, without the busy handler (it would deadlock): so retry for 5 s.
    private static func enableWriteAheadLog(_ connection: SQLiteConnection) throws(SQLiteError) {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            do {
                try connection.execute("PRAGMA journal_mode = WAL")
                return
            } catch where error.isBusy && ContinuousClock.now < deadline {
                usleep(10_000)
            }
        }
    }
}
