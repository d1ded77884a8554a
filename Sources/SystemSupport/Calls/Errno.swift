#if canImport(Glibc)
    import Glibc
#endif

/// An error number a system call failed with (`errno`), as a typed error.
///
/// Only the codes callers tell apart have names; any other code is still an `Errno` and prints
/// as `strerror` puts it.
///
/// ```swift
/// do throws(Errno) { _ = try descriptor.read(into: buffer) } catch .wouldBlock { … } catch { print(error) }
/// ```
public struct Errno: Error, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The C value (`EINTR`, `EAGAIN`, …).
    public let rawValue: Int32

    /// The error with C value `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno`: what the last system call that failed on it set.
    public static var current: Errno { Errno(rawValue: errno) }

    /// `EINTR`: a signal arrived while the call waited.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN` (`EWOULDBLOCK` on Linux): a non-blocking call would have had to wait.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `ENOENT`: no such file or directory.
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// `EACCES`: permission denied.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// `EIO`: an input/output error; also reported for a write that wrote nothing.
    public static let ioError = Errno(rawValue: EIO)
    /// `ECONNRESET`: the peer reset the connection.
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    /// `ESRCH`: no such process.
    public static let noSuchProcess = Errno(rawValue: ESRCH)

    /// The system's text for the error, as `strerror` gives it ("Interrupted system call").
    public var description: String { String(cString: strerror(rawValue)) }
}

/// Calls `body`, a system call that returns -1 and sets `errno` on failure, again while it fails
/// with `EINTR` (when `retryOnInterrupt`); its result, or the `Errno` it failed with.
///
/// The one EINTR loop: every wrapper in this module goes through it.
@inline(__always)
func valueOrErrno<Value: FixedWidthInteger>(retryOnInterrupt: Bool, _ body: () -> Value) throws(Errno) -> Value {
    while true {
        let value = body()
        guard value == -1 else { return value }
        let error = Errno.current
        guard retryOnInterrupt && error == .interrupted else { throw error }
    }
}
