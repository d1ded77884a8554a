import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts daemons and helper scripts for tests with `posix_spawn`.
///
/// Not Foundation's `Process`: its children inherit the test process's blocked signal mask here,
/// so they ignore SIGTERM and a test could not stop what it started. These children get an
/// empty mask and default handlers.
public enum SpawnedProcess {
    /// A process that could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Where a child's output goes.
    public enum Output: Sendable {
        /// Standard output and standard error both into this file (truncated first).
        case combined(String)
        /// Standard error into this file; standard output discarded.
        case standardError(String)
        /// Both inherited.
        case inherited
        /// Standard input read from `input`, standard output and error written to their own files.
        case files(input: String, output: String, errors: String)
    }

    /// Starts `arguments[0]` (an absolute path) with `arguments`, the test's environment and
    /// `output`; with `ownProcessGroup` the child leads a new group, so `kill(-pid, …)` stops it
    /// and everything it started.
    /// - Returns: the child's process id.
    /// `environment`, when given, replaces the test's own.
    public static func spawn(
        _ arguments: [String], output: Output = .inherited, ownProcessGroup: Bool = false,
        environment: [String: String]? = nil
    ) throws(Failure) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch output {
        case .combined(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .standardError(let path):
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .inherited:
            break
        case .files(let input, let output, let errors):
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { environmentStrings?.forEach { free($0) } }
        var processID: pid_t = 0
        let status = environmentStrings.map { strings in
            posix_spawn(&processID, arguments[0], &actions, &attributes, argv, strings)
        } ?? posix_spawn(&processID, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))")
        }
        return processID
    }
}
