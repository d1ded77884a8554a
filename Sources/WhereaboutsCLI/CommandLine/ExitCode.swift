/// Process exit codes, following sysexits(3) as DESIGN.md lists them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// An internal failure (a bug, or an unexpected system error).
    case failure = 1
    /// Sources ran but nothing produced a position.
    case locationUnknown = 2
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// Bad input data or database (EX_DATAERR).
    case dataError = 65
    /// A required source or service is unavailable (EX_UNAVAILABLE).
    case unavailable = 69
    /// A file cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// An input/output error, such as a full disk (EX_IOERR).
    case inputOutput = 74
    /// A temporary failure: try again (EX_TEMPFAIL), as for a map another process is creating.
    case temporaryFailure = 75
    /// Permission denied (EX_NOPERM).
    case permissionDenied = 77
    /// Location services are disabled in the configuration (EX_CONFIG).
    case disabled = 78
}

/// A failure a command reports to the user: a one-line message and the exit code that goes with it.
///
/// Every error reaching the command layer is converted to this in one place
/// (`CommandFailure.init(_:)`), so commands can simply `throw`.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public var exitCode: ExitCode
    public var message: String
    /// Whether to print the command's usage after the message (for command-line mistakes).
    public var showsUsage: Bool

    public init(_ exitCode: ExitCode, _ message: String, showsUsage: Bool = false) {
        self.exitCode = exitCode
        self.message = message
        self.showsUsage = showsUsage
    }

    /// A mistake on the command line: exit 64 with the usage.
    public static func usage(_ message: String) -> CommandFailure {
        CommandFailure(.usage, message, showsUsage: true)
    }

    public var description: String { message }
}
