import ArgumentParsing

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
