/// A mistake on the command line: an unknown option, a missing or refused value, options that
/// do not go together. The program prints `Error: ` and the message, then the command's usage,
/// and exits 64 (`ExitCode.usage`).
///
/// ```swift
/// func validate() throws(UsageError) {
///     if queries != nil && accessPoints == nil { throw .usage("--queries needs --access-points") }
/// }
/// ```
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line, without the `Error: ` prefix: `--timeout: 'abc' is not a number of seconds`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The error with `message`, so `throw .usage("…")` reads the same in `validate()` as a
    /// command's own usage failures do in `run`.
    public static func usage(_ message: String) -> UsageError {
        UsageError(message)
    }

    public var description: String { message }
}
