import Foundation

extension RadioMap {
    /// Begins a read transaction on each of `maps` (read-only connections to one file) so that
    /// all of them see the same snapshot: the state of the map at one moment, however many
    /// imports commit while they are used.
    ///
    /// SQLite cannot hand one connection's snapshot to another here, so this checks instead:
    /// a separate connection reads `PRAGMA data_version` before and after the transactions
    /// begin, and if any write committed in between they are ended and begun again. End each
    /// with ``endSnapshot()``. `locate --batch` on several threads answers from one snapshot
    /// this way.
    ///
    /// ```swift
    /// try RadioMap.beginSharedSnapshot([first, second])
    /// defer { [first, second].forEach { $0.endSnapshot() } }
    /// ```
    public static func beginSharedSnapshot(_ maps: [RadioMap]) throws(RadioMapError) {
        guard let path = maps.first?.path else { return }
        let probe = try RadioMap(path: path, mode: .readOnly)
        do {
            for _ in 0..<1_000 {
                let before = try probe.connection.integer("PRAGMA data_version")
                for map in maps {
                    try map.connection.execute("BEGIN DEFERRED")
                    // The first read fixes the transaction's snapshot.
                    _ = try map.connection.integer("SELECT count(*) FROM sqlite_master")
                }
                if try probe.connection.integer("PRAGMA data_version") == before { return }
                maps.forEach { $0.endSnapshot() }
            }
        } catch {
            maps.forEach { $0.endSnapshot() }
            throw RadioMapError.converting(error, path: path)
        }
        throw RadioMapError.sqlite(SQLiteError(extendedCode: 5, message: "the radio map kept changing while a snapshot was taken"))
    }

    /// Ends the read transaction begun by ``beginSharedSnapshot(_:)`` (nothing to lose: it only read).
    public func endSnapshot() {
        if connection.isInTransaction { try? connection.execute("COMMIT") }
    }
}
