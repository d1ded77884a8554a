/// Entry point of the `whereabouts` command line.
///
/// ```swift
/// let status = await Whereabouts.run(["locate", "--request", "scan.json"], context: .standard)
/// ```
public enum Whereabouts {
    /// Every command, in the order `whereabouts --help` lists them.
    static let commands: [any WhereaboutsCommand.Type] = [
        ImportCommand.self, LocateCommand.self, ScanCommand.self, WatchCommand.self, StatusCommand.self, SimulateCommand.self,
        ServeCommand.self, LearnCommand.self, EvalCommand.self, GeocodeCommand.self, DatabaseStatsCommand.self,
        DatabaseImportsCommand.self, DatabaseForgetImportCommand.self, DatabaseForgetCommand.self,
        DatabaseExportCommand.self, DatabaseCalibrateCommand.self, DatabaseMapCommand.self,
    ]

    /// Runs the command line with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext = .standard) async -> Int32 {
        let program = context.programName
        guard let first = arguments.first, first != "-h", first != "--help", first != "help" else {
            let specifications = commands.map { $0.specification }
            let target = arguments.isEmpty ? context.errors : context.output
            target.write(HelpFormatter.overview(commands: specifications, program: program))
            return arguments.isEmpty ? ExitCode.usage.rawValue : ExitCode.success.rawValue
        }
        // Subcommands of `db` are declared as "db stats", "db imports", …
        let (command, rest) = resolve(arguments)
        guard let command else {
            let group = commands.map { $0.specification }.filter { $0.name.hasPrefix(first + " ") }
            if !group.isEmpty {
                // `whereabouts db` alone (or with an unknown subcommand): list the group.
                let known = arguments.count > 1 && ["-h", "--help"].contains(arguments[1])
                if arguments.count > 1 && !known {
                    context.errors.line("Error: unknown command '\(first) \(arguments[1])'.")
                }
                (known ? context.output : context.errors).write(HelpFormatter.overview(commands: group, program: program))
                return (known ? ExitCode.success : ExitCode.usage).rawValue
            }
            context.errors.line("Error: unknown command '\(first)'. See '\(program) --help'.")
            return ExitCode.usage.rawValue
        }
        let specification = command.specification
        do {
            switch try ArgumentParser.parse(rest, for: specification) {
            case .help:
                context.output.write(HelpFormatter.help(for: specification, program: program))
                return ExitCode.success.rawValue
            case .run(let parsed):
                return try await command.run(parsed, context: context).rawValue
            }
        } catch {
            let failure = CommandFailure(error)
            context.errors.line("Error: \(failure.message)")
            if failure.showsUsage {
                let usage = HelpFormatter.usageLines(for: specification, program: program)
                context.errors.line("Usage: " + usage.joined(separator: "\n       "))
                context.errors.line("See '\(program) \(specification.name) --help'.")
            }
            return failure.exitCode.rawValue
        }
    }

    private static func resolve(_ arguments: [String]) -> ((any WhereaboutsCommand.Type)?, [String]) {
        if arguments.count >= 2,
            let command = commands.first(where: { $0.specification.name == "\(arguments[0]) \(arguments[1])" })
        {
            return (command, Array(arguments.dropFirst(2)))
        }
        return (commands.first { $0.specification.name == arguments[0] }, Array(arguments.dropFirst()))
    }
}
