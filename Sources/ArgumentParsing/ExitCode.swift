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
