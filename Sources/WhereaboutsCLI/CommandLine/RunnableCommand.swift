import ArgumentParsing

/// A command of `whereabouts`: its command line, declared in `ArgumentParsing`'s shape, and
/// what it does with the surroundings a `CommandContext` gives it.
///
/// `Whereabouts.run` parses the tokens into the command and runs its `validate()`; only then
/// does `run(context:)` start, so nothing of a command runs on a mistyped command line.
protocol RunnableCommand: ParsableCommand {
    /// Does the work; returns the exit code on success paths and throws otherwise (converted
    /// to a message and an exit code in one place, `CommandFailure.init(_:)`).
    func run(context: CommandContext) async throws -> ExitCode
}
