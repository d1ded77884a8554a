import Foundation
import SystemSupport
#if canImport(Glibc)
    import Glibc
#endif

extension RadioMap {
    /// Builds a radio map that does not exist yet out of sight, and gives it its name when `body`
    /// has filled it.
    ///
    /// A first import into a new map (all of OpenCellID, a town's survey) writes every page of the
    /// file. In WAL mode each page is written twice: to the log, then by the checkpoint into the
    /// file (5 M cells: 387 MiB of log for a 385 MiB map). A build writes it once. `body` gets a
    /// map on a scratch file beside `path` (`.NAME.building-PID-N`, 0600) that no other process
    /// knows of, with its rollback journal in memory and the file locked to it; when `body`
    /// returns, the file is switched to WAL, flushed, closed and linked to `path`, which fails if
    /// the name exists. Until then readers find no map at `path`, then a whole one — but neither
    /// do they see the first files of a long import before the last is done.
    ///
    /// If another process created `path` meanwhile, the build is thrown away and nil returned:
    /// import into `path` as usual. If `body` throws, or the process dies, nothing is left at
    /// `path`; the scratch file of a dead process is deleted by the next build beside it.
    ///
    /// ```swift
    /// let built = try RadioMap.buildNew(at: "map.sqlite") { map in
    ///     try map.importSurvey(at: "cell_towers.csv.gz", options: ImportOptions(), progress: nil)
    /// }
    /// if built == nil { /* another process made map.sqlite first: import into it */ }
    /// ```
    /// - Parameter body: Fills the map. It must not keep the map beyond its return.
    /// - Returns: What `body` returned, or nil when `path` existed by the time the build was done.
    public static func buildNew<T>(at path: String, _ body: (RadioMap) throws -> T) throws -> T? {
        let directory = (path as NSString).deletingLastPathComponent
        try NewRadioMapFile.makeDirectory(directory, for: path)
        ScratchMapFile.removeAbandoned(beside: path)
        let scratch = try ScratchMapFile(beside: path)
        defer { scratch.remove() }
        var map: RadioMap? = try RadioMap(building: path, scratch: scratch.path)
        let result = try body(map!)
        try map!.finishBuild()
        precondition(isKnownUniquelyReferenced(&map), "RadioMap.buildNew: body kept the map it was given")
        map = nil  // Closes the connection: nothing of the build stays open when it gets its name.
        try scratch.flush()
        if let gate = ProcessInfo.processInfo.environment[NewRadioMapFile.linkGateVariable] {
            NewRadioMapFile.waitAtGate(gate)
        }
        guard link(scratch.path, path) == 0 else {
            if errno == EEXIST { return nil }
            throw NewRadioMapFile.failure(errno, path: path)
        }
        NewRadioMapFile.syncDirectory(directory)
        return result
    }
}

extension RadioMap {
    /// The process id of another process building a new map at `path` out of sight
    /// (`buildNew`): readers find no map there until it is whole. Nil when none is.
    ///
    /// ```swift
    /// if let builder = RadioMap.builder(of: "map.sqlite") { print("import \(builder) is building it") }
    /// ```
    public static func builder(of path: String) -> Int32? {
        ScratchMapFile.builder(of: path)
    }
}

/// Which map `RadioMap.fill(at:_:)` hands its body.
public enum MapFill: Sendable {
    /// A new map built out of sight (`RadioMap.buildNew`): it gets its name only when the body
    /// returns, so whatever the body would tell the user is best held back until then.
    case building
    /// The map already at the path.
    case existing
    /// A map another process created at the path while this one was building: the build was
    /// dropped, and the body is called again with this map.
    case madeMeanwhile
}

extension RadioMap {
    /// Fills the map at `path`: builds it new if nothing is there (each page written once, the
    /// map named when whole), else opens it for writing. `body` is called with the map and which
    /// it is — twice if another process made the map while this one was building it: first
    /// `.building` (that work is dropped), then `.madeMeanwhile` with the other process's map.
    ///
    /// ```swift
    /// let filled = try RadioMap.fill(at: "map.sqlite") { map, fill in
    ///     try map.importSurvey(at: "cell_towers.csv.gz", options: ImportOptions(), progress: nil)
    /// }
    /// print(filled.result.rowsImported, try filled.map.statistics().cells)
    /// ```
    /// - Returns: The map, open for writing, and what the body that counted returned.
    public static func fill<T>(at path: String, _ body: (RadioMap, MapFill) throws -> T) throws -> (map: RadioMap, result: T) {
        var fill = MapFill.existing
        if !FileManager.default.fileExists(atPath: path) {
            if let result = try buildNew(at: path, { try body($0, .building) }) {
                return (try RadioMap(path: path, mode: .readWrite), result)
            }
            fill = .madeMeanwhile
        }
        let map = try RadioMap(path: path, mode: .readWrite)
        return (map, try body(map, fill))
    }
}

/// The scratch file a new map is built in: created with `O_EXCL`, 0600, and locked with `flock`
/// for as long as its builder lives, so that another build can tell an abandoned one (its
/// process died) from one in progress.
struct ScratchMapFile {
    let path: String
    private let target: String
    private let descriptor: Int32

    /// Creates the scratch file for `target`, holding an empty, fully migrated map in rollback
    /// mode (the build switches it to WAL when it is done).
    init(beside target: String) throws(RadioMapError) {
        var bytes: [UInt8]
        do {
            bytes = try NewRadioMapFile.image()
        } catch {
            throw RadioMapError.converting(error, path: target)
        }
        // File format versions 1: a rollback journal (https://www.sqlite.org/fileformat.html).
        bytes[18] = 1
        bytes[19] = 1
        self.target = target
        path = Self.prefix(of: target) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        descriptor = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw NewRadioMapFile.failure(errno, path: target) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            remove()
            throw NewRadioMapFile.failure(code, path: target)
        }
        do {
            try NewRadioMapFile.write(bytes, to: descriptor, path: target)
        } catch {
            remove()
            throw error
        }
    }

    /// Flushes what the build wrote to disk before the file gets its name.
    func flush() throws(RadioMapError) {
        guard fsync(descriptor) == 0 else { throw NewRadioMapFile.failure(errno, path: target) }
    }

    /// Deletes the scratch file (a linked build's name stays) and releases its lock.
    func remove() {
        Self.delete(path)
        close(descriptor)
    }

    /// Deletes the scratch files beside `target` whose builders are gone: their process has
    /// exited (no one holds the lock) and the process id in their name is not running.
    static func removeAbandoned(beside target: String) {
        for (candidate, processID) in scratchFiles(beside: target) {
            if let processID, processID != getpid(), isRunning(processID) { continue }
            let descriptor = open(candidate, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { delete(candidate) }
        }
    }

    /// The process id of another process building a map for `target` right now: a scratch file
    /// beside it whose named process runs and holds its lock. Nil when none does.
    static func builder(of target: String) -> pid_t? {
        for (candidate, processID) in scratchFiles(beside: target) {
            guard let processID, processID != getpid(), isRunning(processID) else { continue }
            let descriptor = open(candidate, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // Taking the lock would succeed on an abandoned file; a live build holds it.
            if flock(descriptor, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK { return processID }
            flock(descriptor, LOCK_UN)
        }
        return nil
    }

    /// The scratch files beside `target` (not their journals), each with the process id its
    /// name holds.
    private static func scratchFiles(beside target: String) -> [(path: String, processID: pid_t?)] {
        let prefix = (Self.prefix(of: target) as NSString).lastPathComponent
        let directory = (target as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return names.filter { name in name.hasPrefix(prefix) && !["-journal", "-wal", "-shm"].contains(where: name.hasSuffix) }
            .map { name in
                (directory.isEmpty ? name : directory + "/" + name,
                 name.dropFirst(prefix.count).split(separator: "-").first.flatMap { pid_t($0) })
            }
    }

    private static func isRunning(_ processID: pid_t) -> Bool {
        kill(processID, 0) == 0 || errno == EPERM
    }

    private static func prefix(of target: String) -> String {
        let directory = (target as NSString).deletingLastPathComponent
        let name = "." + (target as NSString).lastPathComponent + ".building-"
        return directory.isEmpty ? name : directory + "/" + name
    }

    private static func delete(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
