import Foundation

/// Checks an SQLite file's 100-byte header once SQLite has opened it but before it reads a
/// page, to refuse a truncated file that SQLite itself would only notice on the first missing
/// page.
///
/// See https://www.sqlite.org/fileformat.html#the_database_header: page size at offset 16,
/// file change counter at 24, in-header database size (pages) at 28, version-valid-for at 92.
enum RadioMapFileHeader {
    /// Refuses `connection`'s file if its header says it is not an SQLite database or is cut
    /// short. Call it right after opening, before any statement has read the file.
    static func check(_ connection: SQLiteConnection, path: String) throws(RadioMapError) {
        let header: [UInt8]
        let fileSize: Int64
        do {
            (header, fileSize) = try connection.databaseFileHead(count: 100)
        } catch {
            throw RadioMapError.notARadioMap(path: path, reason: "file is unreadable")
        }
        guard !header.isEmpty else { return }  // A new, empty file.
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw RadioMapError.notARadioMap(path: path, reason: header.count < 100 && header.starts(with: Array("SQLite".utf8))
                ? "file is truncated" : "file is not a database")
        }
        func bigEndian(_ offset: Int, _ count: Int) -> UInt64 {
            header[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pageCount = bigEndian(28, 4)
        // The in-header size is only valid when written by a version that keeps it current.
        // A live map mid-checkpoint can briefly look short too (page 1 is copied back first);
        // it has a write-ahead log beside it, a truncated copy does not.
        if bigEndian(92, 4) == bigEndian(24, 4), pageCount > 0, UInt64(fileSize) < pageCount * pageSize,
            RadioMap.fileSize(path + "-wal") == 0
        {
            throw RadioMapError.notARadioMap(
                path: path, reason: "file is truncated (\(fileSize) of \(pageCount * pageSize) bytes)")
        }
    }
}
