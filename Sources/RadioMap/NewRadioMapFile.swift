import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Creates a new radio map so that no other process ever sees it half made.
///
/// The map is built in memory — page size, `application_id`, every migration — then written to an
/// unnamed file in the map's directory (`O_TMPFILE`), flushed, and only then given its name with
/// `linkat`, which fails if the name exists. Two imports started together on a new map both build
/// one; the first link wins and the other opens the winner's file. A reader sees either no file
/// or a complete map, never the empty file or missing `application_id` that it once took for a
/// foreign database (issue 29: two of four imports on a new map exited 65). A full disk or a
/// crash leaves nothing behind: the unnamed file vanishes with its descriptor. Where `O_TMPFILE`
/// is not supported, a named scratch file beside the map takes its place (`link(2)`, then
/// `unlink`).
enum NewRadioMapFile {
    /// Tests set this to a directory to hold every creator at the link: each, its map built,
    /// writes `built-PID` there and waits (at most a minute) for a file named `open` before it
    /// links. So the test knows when all have built and none has linked, and can open the gate
    /// when it has checked what readers see meanwhile.
    static let linkGateVariable = "WHEREABOUTS_TEST_NEW_MAP_GATE"

    /// `O_TMPFILE`, a macro Swift cannot import: `__O_TMPFILE | O_DIRECTORY`, with `__O_TMPFILE`
    /// 020000000 on x86-64 and arm64 (asm-generic/fcntl.h).
    private static let unnamedFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Makes sure a complete radio map exists at `path`: creates it, or finds that another
    /// process did.
    static func create(at path: String) throws(RadioMapError) {
        let directory = (path as NSString).deletingLastPathComponent
        try makeDirectory(directory, for: path)
        let bytes: [UInt8]
        do {
            bytes = try image()
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
        if let gate = ProcessInfo.processInfo.environment[linkGateVariable] { waitAtGate(gate) }
        let unnamed = open(directory.isEmpty ? "." : directory, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            defer { close(unnamed) }
            try write(bytes, to: unnamed, path: path)
            if linkat(AT_FDCWD, "/proc/self/fd/\(unnamed)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 || errno == EEXIST {
                return syncDirectory(directory)
            }
            // No /proc: fall through to a named scratch file.
            guard errno == ENOENT else { throw failure(errno, path: path) }
        } else if errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL {
            throw failure(errno, path: path)
        }
        try createThroughNamedFile(bytes, at: path)
        syncDirectory(directory)
    }

    static func waitAtGate(_ gate: String) {
        _ = FileManager.default.createFile(atPath: gate + "/built-\(getpid())", contents: nil)
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: gate + "/open") && ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    /// The bytes of a new, empty, fully migrated radio map in WAL mode.
    static func image() throws -> [UInt8] {
        let connection = try SQLiteConnection(path: ":memory:", readOnly: false)
        try connection.execute("PRAGMA page_size = \(RadioMap.pageSize)")
        try connection.execute("PRAGMA application_id = \(RadioMapSchema.applicationID)")
        try RadioMapSchema.migrate(connection)
        var bytes = try connection.serialized()
        // File format read and write versions 2: the database is in WAL mode, as
        // `PRAGMA journal_mode = WAL` would leave it (https://www.sqlite.org/fileformat.html,
        // offsets 18 and 19). An in-memory database cannot switch itself.
        bytes[18] = 2
        bytes[19] = 2
        return bytes
    }

    private static func createThroughNamedFile(_ bytes: [UInt8], at path: String) throws(RadioMapError) {
        let scratch = path + ".creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(scratch, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(errno, path: path) }
        defer { unlink(scratch) }
        do {
            defer { close(descriptor) }
            try write(bytes, to: descriptor, path: path)
        }
        guard link(scratch, path) == 0 || errno == EEXIST else { throw failure(errno, path: path) }
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(RadioMapError) {
        do throws(Errno) {
            try FileDescriptor(rawValue: descriptor).writeAll(bytes)
        } catch {
            throw failure(error.rawValue, path: path)
        }
        guard fsync(descriptor) == 0 else { throw failure(errno, path: path) }
    }

    static func makeDirectory(_ directory: String, for path: String) throws(RadioMapError) {
        guard !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw failure(code.map(Int32.init) ?? EACCES, path: path)
        }
    }

    /// The new name survives a power cut only once its directory is flushed too.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func failure(_ code: Int32, path: String) -> RadioMapError {
        switch code {
        case ENOSPC, EDQUOT: .diskFull(path: path, disk: FileSystemLocation.mountPoint(of: path))
        case EIO: .inputOutput(path: path, reason: String(cString: strerror(code)))
        default: .cannotCreate(path: path, reason: FileSystemLocation.whyNotCreated(path, errno: code))
        }
    }
}
