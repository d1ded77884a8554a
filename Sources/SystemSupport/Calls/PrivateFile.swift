#if canImport(Glibc)
    import Glibc
#endif

/// Files only their owner may read (mode 0600), for what holds positions or BSSIDs: a fix's map
/// picture, `eval`'s answers and plot.
///
/// ```swift
/// try PrivateFile.write(Array(svg.utf8), to: "fix.svg")
/// ```
public enum PrivateFile {
    /// Writes `bytes` as the whole of `path`, all or nothing: into a new 0600 file beside it,
    /// renamed over `path` once every byte is written. A file `path` named before is replaced
    /// (its old mode with it); on failure it is left as it was and nothing new remains.
    /// - Throws: the `Errno` of the call that failed (`open`, `write`, `rename`).
    public static func write(_ bytes: [UInt8], to path: String) throws(Errno) {
        let temporary = path + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let raw = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard raw >= 0 else { throw .current }
        let descriptor = FileDescriptor(rawValue: raw)
        do {
            try descriptor.writeAll(bytes)
        } catch {
            close(raw)
            unlink(temporary)
            throw error
        }
        close(raw)
        guard rename(temporary, path) == 0 else {
            let error = Errno.current
            unlink(temporary)
            throw error
        }
    }
}
