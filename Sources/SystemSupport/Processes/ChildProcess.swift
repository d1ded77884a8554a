import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process, started with `posix_spawn`: what the project runs (`mmcli`) and what its
/// tests start (gpsd, `whereabouts` itself), with a way to stop it and to learn how it ended.
///
/// Not Foundation's `Process`: its children inherit the caller's blocked signal mask here, so
/// they ignore SIGTERM and could not be stopped, and its exit notice comes through Dispatch,
/// late when the machine is busy. These children get an empty signal mask and default
/// handlers, and are reaped with `waitpid`.
///
/// ```swift
/// let child = try ChildProcess.spawn("/usr/sbin/gpsd", ["-N", "-S", "2947"], ownProcessGroup: true)
/// …
/// child.send(SIGTERM, toGroup: true)
/// let status = child.waitForExit()   // .signalled(15)
/// ```
public struct ChildProcess: Hashable, Sendable {
    /// Where one of the child's standard streams is connected.
    public enum Stream: Hashable, Sendable {
        /// The same descriptor as the parent's.
        case inherited
        /// `/dev/null`.
        case null
        /// A file, opened for reading (standard input) or created and truncated with
        /// `permissions` (standard output or error).
        case file(String, permissions: UInt16 = 0o600)
        /// An open descriptor of the parent's (a pipe's end), duplicated onto the stream.
        case descriptor(FileDescriptor)
        /// Standard error only: wherever standard output goes.
        case standardOutput
    }

    /// The child's process id.
    public let processID: Int32

    /// The child `processID` (one this process started and has not reaped).
    public init(processID: Int32) {
        self.processID = processID
    }

    /// Starts `executable` (a path) with `arguments`, its `argv[0]` being `executable`.
    ///
    /// An executable that another child of this process still holds open for writing (one
    /// just written) is tried again for up to half a second (`ETXTBSY`). The corresponding C
    /// function is `posix_spawn`.
    /// - Parameters:
    ///   - environment: The child's whole environment; nil gives it this process's.
    ///   - ownProcessGroup: Whether the child leads a new process group, so that
    ///     `send(_:toGroup: true)` reaches it and everything it starts.
    /// - Throws: `Errno` when it cannot be started (`.noSuchFileOrDirectory`, …).
    public static func spawn(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        standardInput: Stream = .inherited, standardOutput: Stream = .inherited, standardError: Stream = .inherited,
        ownProcessGroup: Bool = false
    ) throws(Errno) -> ChildProcess {
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
        connect(standardInput, to: 0, reading: true, &actions)
        connect(standardOutput, to: 1, reading: false, &actions)
        connect(standardError, to: 2, reading: false, &actions)
        // Nothing else: a descriptor this process opened without close-on-exec (another
        // thread's pipe, socket or scratch file, between its `open` and `fcntl`) would otherwise
        // live on in the child, and a pipe's reader then waits for the child's exit, not the
        // writer's.
        closeDescriptorsFromThree(&actions)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { variables?.forEach { free($0) } }
        var processID: pid_t = 0
        func start() -> Int32 {
            guard let variables else { return posix_spawn(&processID, executable, &actions, &attributes, argv, environ) }
            return posix_spawn(&processID, executable, &actions, &attributes, argv, variables)
        }
        var status = start()
        // ETXTBSY: a child forked elsewhere in this process still holds a write descriptor to
        // a just-written executable (a freshly installed script); it clears within moments.
        for _ in 0..<50 where status == ETXTBSY {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            status = start()
        }
        guard status == 0 else { throw Errno(rawValue: status) }
        return ChildProcess(processID: processID)
    }

    /// Adds "close every descriptor from 3 up" to `actions` (glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not show,
    /// so it is looked up by name; a C library without it leaves the child what it inherits).
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
        guard let closeFrom = addCloseFrom else { return }
        _ = closeFrom(&actions, 3)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let addCloseFrom: AddCloseFrom? = {
        // RTLD_DEFAULT (a null handle): the symbol wherever the process's libraries define it.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    private static func connect(
        _ stream: Stream, to target: Int32, reading: Bool, _ actions: inout posix_spawn_file_actions_t
    ) {
        switch stream {
        case .inherited:
            break
        case .null:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
        case .file(let path, let permissions):
            let flags = reading ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            posix_spawn_file_actions_addopen(&actions, target, path, flags, mode_t(permissions))
        case .descriptor(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor.rawValue, target)
        case .standardOutput:
            posix_spawn_file_actions_adddup2(&actions, 1, target)
        }
    }

    /// Sends `signal`, to the child's whole process group with `toGroup` (for a child spawned
    /// with `ownProcessGroup`). The corresponding C function is `kill`.
    /// - Returns: false when there was no such process (or group) to signal.
    @discardableResult
    public func send(_ signal: Int32, toGroup: Bool = false) -> Bool {
        kill(toGroup ? -processID : processID, signal) == 0
    }

    /// How the child ended, once it has (it is then reaped); nil while it runs. The
    /// corresponding C function is `waitpid`, with `WNOHANG`.
    public func exitStatusIfExited() -> ExitStatus? {
        var status: Int32 = 0
        guard waitpid(processID, &status, WNOHANG) == processID else { return nil }
        return ExitStatus(waitStatus: status)
    }

    /// Blocks until the child has ended, reaps it and says how it ended. The corresponding C
    /// function is `waitpid`.
    ///
    /// Never call it from async code; a child this process did not start (or already reaped)
    /// reads as `.exited(0)`.
    @discardableResult
    public func waitForExit() -> ExitStatus {
        var status: Int32 = 0
        do {
            _ = try valueOrErrno(retryOnInterrupt: true) { waitpid(processID, &status, 0) }
        } catch {
            return .exited(0)
        }
        return ExitStatus(waitStatus: status)
    }

    /// Waits until the child has ended or `deadline` has passed, looking every `interval`;
    /// how it ended (it is then reaped), or nil when it still runs. Blocks: call it on a
    /// `DedicatedThread`.
    public func waitForExit(
        before deadline: ContinuousClock.Instant, checkingEvery interval: Duration = .milliseconds(5)
    ) -> ExitStatus? {
        while true {
            if let status = exitStatusIfExited() { return status }
            guard ContinuousClock.now < deadline else { return exitStatusIfExited() }
            let (seconds, attoseconds) = min(interval, ContinuousClock.now.duration(to: deadline)).components
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&pause, nil)
        }
    }

    /// Stops the child: SIGTERM, so it can tear down what it started, then SIGKILL if it has
    /// not ended within `gracePeriod`; reaps it and says how it ended. A child that has ended
    /// already is only reaped. Blocks: call it on a `DedicatedThread`.
    /// - Parameter killingGroup: Send the SIGKILL to the child's whole process group (a child
    ///   spawned with `ownProcessGroup`), so nothing it started outlives it.
    @discardableResult
    public func terminate(gracePeriod: Duration, killingGroup: Bool = false) -> ExitStatus {
        if let status = exitStatusIfExited() { return status }
        send(SIGTERM)
        if let status = waitForExit(before: .now + gracePeriod, checkingEvery: .milliseconds(10)) { return status }
        send(SIGKILL, toGroup: killingGroup)
        return waitForExit()
    }

    /// The absolute path of the executable `name` on `$PATH` (or `name` itself when it holds a
    /// `/` and is executable), nil when there is none.
    public static func executablePath(named name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
