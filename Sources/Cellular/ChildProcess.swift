import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a short-lived command to completion on a dedicated thread, with a deadline.
///
/// Spawned with `posix_spawn`, an empty signal mask and default signal dispositions (children
/// of Foundation's `Process` inherit the caller's blocked mask here and then ignore SIGTERM).
/// A command still running at the deadline is killed with SIGKILL, with its process group.
struct ChildProcess {
    /// How a run ended.
    struct Outcome: Sendable {
        var exitStatus: Int32
        var standardOutput: String
        var standardError: String
        var timedOut: Bool
    }

    enum Failure: Error, Hashable {
        case notFound(String)
        case cannotStart(String)
    }

    /// Runs `executable` with `arguments`, off Swift's cooperative pool.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double
    ) async throws(Failure) -> Outcome {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Outcome, Failure>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(Failure) -> Outcome in
                    try runBlocking(executable, arguments, environment: environment, timeout: timeout)
                })
            }
        }
        return try result.get()
    }

    /// The absolute path of `name` on `$PATH`, or nil.
    static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func runBlocking(
        _ executable: String, _ arguments: [String], environment: [String: String], timeout: Double
    ) throws(Failure) -> Outcome {
        guard let path = find(executable) else { throw .notFound(executable) }
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw .cannotStart(String(cString: strerror(errno))) }
        guard pipe(&errors) == 0 else {
            close(output[0])
            close(output[1])
            throw .cannotStart(String(cString: strerror(errno)))
        }
        // Keep our ends out of other children spawned concurrently (no pipe2 in Glibc's module).
        for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group, so a timeout kills what it started too (a script's children).
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        // ETXTBSY: a child forked elsewhere in this process still holds a write descriptor to
        // a just-written executable (a freshly installed script); it clears within moments.
        for _ in 0..<50 where spawned == ETXTBSY {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else { throw .cannotStart(String(cString: strerror(spawned))) }

        var collected: [[UInt8]] = [[], []]
        var open = [true, true]
        var timedOut = false
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while open[0] || open[1] {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                timedOut = true
                kill(-pid, SIGKILL)
                break
            }
            var descriptors = [pollfd(fd: open[0] ? output[0] : -1, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: open[1] ? errors[0] : -1, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(min(remaining.components.seconds * 1000 + 1, 100))
            guard poll(&descriptors, 2, milliseconds) > 0 else { continue }
            for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
                let count = read(index == 0 ? output[0] : errors[0], &chunk, chunk.count)
                if count > 0 {
                    collected[index].append(contentsOf: chunk[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(
            exitStatus: exitStatus, standardOutput: String(decoding: collected[0], as: UTF8.self),
            standardError: String(decoding: collected[1], as: UTF8.self), timedOut: timedOut)
    }
}
