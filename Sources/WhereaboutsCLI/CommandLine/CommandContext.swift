import ArgumentParsing
import Foundation
import SystemSupport

/// What a running command may use from its surroundings: output streams, environment and
/// standard input. Tests pass memory sinks and their own environment.
public struct CommandContext: Sendable {
    public var output: any OutputSink
    public var errors: any OutputSink
    public var environment: [String: String]
    /// The program name shown in usage lines.
    public var programName: String

    public init(
        output: any OutputSink, errors: any OutputSink, environment: [String: String],
        programName: String = "whereabouts"
    ) {
        self.output = output
        self.errors = errors
        self.environment = environment
        self.programName = programName
    }

    /// The real process: stdout, stderr and the process environment.
    public static var standard: CommandContext {
        CommandContext(
            output: FileDescriptorSink.standardOutput, errors: FileDescriptorSink.standardError,
            environment: ProcessInfo.processInfo.environment)
    }
}
