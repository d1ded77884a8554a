import SystemSupport

/// Why a sample could not be appended to a replay trace (`ReplayTraceFile.append`): the path
/// and the system's reason.
///
/// ```swift
/// do { try ReplayTraceFile.append(sample, to: "/no/such/dir/walk.jsonl") }
/// catch { print(error) }   // cannot write /no/such/dir/walk.jsonl: No such file or directory
/// ```
public enum ReplayTraceWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or created (`reason` `.permissionDenied` for `EACCES`);
    /// nothing was written.
    case cannotOpen(path: String, reason: Errno)
    /// The line was not written whole (a full disk, an I/O error).
    case cannotWrite(path: String, reason: Errno)

    /// The trace's path.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .cannotWrite(let path, _): path
        }
    }

    /// What the system said.
    public var reason: Errno {
        switch self {
        case .cannotOpen(_, let reason), .cannotWrite(_, let reason): reason
        }
    }

    /// `cannot write walk.trace.jsonl: Permission denied`.
    public var description: String {
        "cannot write \(path): \(reason)"
    }
}
