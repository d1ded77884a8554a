import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the file system says about the place a radio map lives: which disk holds it, whether
/// that disk is full or read-only, and whether this user may write there — the words an error
/// message needs to tell the user what to change.
public enum FileSystemLocation {
    /// The mount point of the file system holding `path` (or its nearest existing ancestor):
    /// the last directory on the way up that is on the same device.
    public static func mountPoint(of path: String) -> String {
        var current = existingAncestor(of: absolute(path))
        guard let device = deviceID(current) else { return current }
        while current != "/" {
            let parent = (current as NSString).deletingLastPathComponent
            guard deviceID(parent) == device else { break }
            current = parent
        }
        return current
    }

    /// Whether the file system holding `path` has no block left for this user.
    public static func isFull(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(existingAncestor(of: absolute(path)), &info) == 0 else { return false }
        // Less than one SQLite page: an 8 KiB write can no longer succeed.
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 8192
    }

    /// Whether the file system holding `path` is mounted read-only.
    public static func isReadOnlyMount(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(existingAncestor(of: absolute(path)), &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Why `path` (a map that opened for reading) cannot be written, in a few words.
    public static func whyReadOnly(_ path: String) -> String {
        let directory = (absolute(path) as NSString).deletingLastPathComponent
        if isReadOnlyMount(path) { return "its file system (\(mountPoint(of: path))) is mounted read-only" }
        if access(path, W_OK) != 0 { return "\(ownerDescription(path)) and this user (\(userName())) may not write it" }
        if access(directory, W_OK) != 0 {
            return "this user (\(userName())) may not create files in \(directory), where SQLite keeps the map's journal"
        }
        return "the file is read-only"
    }

    /// Whether the file system keeps a reader of the WAL database at `path` from the `-shm`
    /// index and `-wal` log SQLite keeps beside it: a read-only mount, a `-shm` or `-wal` this
    /// user may not write, or a directory it may not create them in.
    public static func keepsReaderFromWriteAheadLog(_ path: String) -> Bool {
        if isReadOnlyMount(path) { return true }
        var missing = false
        for companion in [path + "-shm", path + "-wal"] {
            var info = stat()
            guard lstat(companion, &info) == 0 else {
                missing = true
                continue
            }
            if info.st_mode & S_IFMT == S_IFREG && access(companion, W_OK) != 0 { return true }
        }
        return missing && access((absolute(path) as NSString).deletingLastPathComponent, W_OK) != 0
    }

    /// Why `path` cannot be created, from the `errno` of the failed call.
    public static func whyNotCreated(_ path: String, errno code: Int32) -> String {
        let directory = (absolute(path) as NSString).deletingLastPathComponent
        switch code {
        case EROFS: return "its file system (\(mountPoint(of: path))) is mounted read-only"
        case EACCES, EPERM: return "this user (\(userName())) may not create files in \(existingAncestor(of: directory))"
        default: return String(cString: strerror(code))
        }
    }

    private static func ownerDescription(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "it" }
        return "it belongs to \(userName(info.st_uid))"
    }

    private static func userName(_ id: uid_t = geteuid()) -> String {
        guard let entry = getpwuid(id), let name = entry.pointee.pw_name else { return "uid \(id)" }
        return String(cString: name)
    }

    private static func deviceID(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    private static func existingAncestor(of path: String) -> String {
        var current = (path as NSString).standardizingPath
        while !current.isEmpty && current != "/" && !FileManager.default.fileExists(atPath: current) {
            current = (current as NSString).deletingLastPathComponent
        }
        return current.isEmpty ? "/" : current
    }
}
