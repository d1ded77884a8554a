import ArgumentParsing
import Testing

@testable import WhereaboutsCLI

/// Every declared command's `--help`, generated from its declarations.
@Suite struct CommandHelpTests {
    /// `import`, `locate`, …, `db stats`, …: every command that runs (not the groups).
    static let commandLines: [String] = {
        func leaves(_ commands: [any ParsableCommand.Type], prefix: String) -> [String] {
            commands.flatMap { command -> [String] in
                let name = prefix + command.configuration.commandName
                let subcommands = command.configuration.subcommands
                return subcommands.isEmpty ? [name] : leaves(subcommands, prefix: name + " ")
            }
        }
        return leaves(Whereabouts.subcommands, prefix: "")
    }()

    static func command(named line: String) -> any ParsableCommand.Type {
        var commands = Whereabouts.subcommands
        var found: (any ParsableCommand.Type)?
        for word in line.split(separator: " ") {
            found = commands.first { $0.configuration.commandName == word }
            commands = found?.configuration.subcommands ?? []
        }
        return found!
    }

    @Test(arguments: commandLines)
    func helpParsesAndNamesEveryDeclaredOption(line: String) async {
        let run = await CLIRun(line.split(separator: " ").map(String.init) + ["--help"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.hasPrefix("OVERVIEW: "))
        #expect(run.output.contains("USAGE:\n  whereabouts \(line)"))
        for declaration in CommandParser.declarations(of: Self.command(named: line)).map(\.declaration) {
            // `--db PATH`, `--sources, --source LIST`, `--[no-]calibrate`: the row's names.
            let names = declaration.kind == .positional ? declaration.name : CommandHelp.names(of: declaration)
            #expect(run.output.contains("\n  \(names)"), "\(line) --help does not name \(names)")
        }
    }

    @Test(arguments: commandLines)
    func theOverviewIsShortAndTheDiscussionInShortParagraphs(line: String) {
        let configuration = Self.command(named: line).configuration
        #expect(configuration.abstract.split(separator: ". ").count <= 2, "\(line): \(configuration.abstract)")
        for paragraph in configuration.discussion.components(separatedBy: "\n\n") {
            #expect(paragraph.count <= 900, "\(line): a paragraph of \(paragraph.count) characters")
        }
    }

    @Test func everyCommandIsListedByTheOverview() async {
        let run = await CLIRun(["--help"])
        for line in Self.commandLines {
            #expect(run.output.contains("\n  \(line) "), "whereabouts --help does not list \(line)")
        }
    }

    @Test func aMistypedOptionSuggestsTheDeclaredOne() async {
        let run = await CLIRun(["db", "stats", "--jsn"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: unknown option '--jsn' for 'stats'; did you mean '--json'?\nUsage: whereabouts db stats"))
    }

    @Test func aBadValueNamesTheOptionAndShowsTheUsage() async {
        let run = await CLIRun(["scan", "--timeout", "abc"])
        #expect(run.status == 64)
        #expect(run.errors == """
            Error: --timeout: 'abc' is not a number of seconds
            Usage: whereabouts scan [OPTIONS]
            See 'whereabouts scan --help'.

            """)
    }
}
