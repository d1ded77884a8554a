import ArgumentParsing

/// Entry point of the `whereabouts` command line.
///
/// ```swift
/// let status = await Whereabouts.run(["locate", "--request", "scan.json"], context: .standard)
/// ```
public enum Whereabouts {
    /// Every command, in the order `whereabouts --help` lists them; groups (`db`) hold theirs.
    static let subcommands: [any ParsableCommand.Type] = [
        ImportCommand.self, LocateCommand.self, ScanCommand.self, WatchCommand.self, StatusCommand.self, SimulateCommand.self,
        ServeCommand.self, LearnCommand.self, EvalCommand.self, GeocodeCommand.self, DatabaseCommand.self,
    ]

    /// Runs the command line with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext = .standard) async -> Int32 {
        let program = context.programName
        guard let first = arguments.first, first != "-h", first != "--help", first != "help" else {
            let target = arguments.isEmpty ? context.errors : context.output
            target.write(overview(program: program))
            return arguments.isEmpty ? ExitCode.usage.rawValue : ExitCode.success.rawValue
        }
        if first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script=") {
            return completionScript(arguments, context: context)
        }
        if let (path, rest) = CommandParser.resolve(arguments, among: subcommands) {
            return await run(path, rest, context: context)
        }
        let names = subcommands.map { $0.configuration.commandName }
        let suggestion = Suggestion.didYouMean(first, among: names)
        context.errors.line(
            "Error: unknown command '\(first)'" + (suggestion.isEmpty ? "." : suggestion) + " See '\(program) --help'.")
        return ExitCode.usage.rawValue
    }

    /// `whereabouts --generate-completion-script bash|zsh`: the script on standard output.
    private static func completionScript(_ arguments: [String], context: CommandContext) -> Int32 {
        let inline = arguments[0].split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init)
        let words = inline.map { [$0] + arguments.dropFirst() } ?? Array(arguments.dropFirst())
        guard words.count == 1, let shell = CompletionScript.Shell(rawValue: words[0]) else {
            context.errors.line("Error: --generate-completion-script expects bash or zsh")
            context.errors.line("Usage: \(context.programName) --generate-completion-script bash|zsh")
            return ExitCode.usage.rawValue
        }
        context.output.write(CompletionScript.script(for: shell, commands: subcommands, program: context.programName))
        return ExitCode.success.rawValue
    }

    /// The command list `whereabouts --help` prints: every runnable command with its abstract.
    static func overview(program: String) -> String {
        var rows: [(String, String)] = []
        func add(_ command: any ParsableCommand.Type, prefix: String) {
            let name = prefix + command.configuration.commandName
            if command.configuration.subcommands.isEmpty {
                rows.append((name, command.configuration.abstract))
            }
            for subcommand in command.configuration.subcommands { add(subcommand, prefix: name + " ") }
        }
        subcommands.forEach { add($0, prefix: "") }
        var lines = [
            "OVERVIEW: Offline Wi-Fi and cell-tower positioning for Linux.", "",
            "USAGE: \(program) <command> [OPTIONS]", "", "COMMANDS:",
        ]
        lines += rows.map { "  " + $0.0.padding(toLength: max(19, $0.0.count + 1), withPad: " ", startingAt: 0) + $0.1 }
        lines += [
            "", "See '\(program) <command> --help' for a command's options, and",
            "'\(program) --generate-completion-script bash|zsh' for shell completion.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func run(_ path: [any ParsableCommand.Type], _ tokens: [String], context: CommandContext) async -> Int32 {
        let help = CommandHelp(path: path, program: context.programName)
        let subcommands = help.configuration.subcommands
        if !subcommands.isEmpty {
            // `whereabouts db` alone, or with a word that names none of its subcommands.
            if let word = tokens.first, word == "-h" || word == "--help" {
                context.output.write(help.text)
                return ExitCode.success.rawValue
            }
            if let word = tokens.first {
                let names = subcommands.map { "\(help.fullName) \($0.configuration.commandName)" }
                let suggestion = Suggestion.didYouMean("\(help.fullName) \(word)", among: names)
                context.errors.line("Error: unknown command '\(help.fullName) \(word)'" + (suggestion.isEmpty ? "." : suggestion))
            }
            context.errors.write(help.text)
            return ExitCode.usage.rawValue
        }
        do {
            guard let command = help.command as? any RunnableCommand.Type else {
                preconditionFailure("\(help.command) neither runs nor groups subcommands")
            }
            return try await execute(command, tokens, help: help, context: context).rawValue
        } catch {
            let failure = CommandFailure(error)
            context.errors.line("Error: \(failure.message)")
            if failure.showsUsage {
                context.errors.line("Usage: " + help.usageLines.joined(separator: "\n       "))
                context.errors.line("See '\(context.programName) \(help.fullName) --help'.")
            }
            return failure.exitCode.rawValue
        }
    }

    private static func execute<Command: RunnableCommand>(
        _ type: Command.Type, _ tokens: [String], help: CommandHelp, context: CommandContext
    ) async throws -> ExitCode {
        switch try CommandParser.parse(tokens, as: type) {
        case .help:
            context.output.write(help.text)
            return .success
        case .run(let command):
            return try await command.run(context: context)
        }
    }
}
