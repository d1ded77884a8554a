import Testing

@testable import WhereaboutsCLI

@Suite struct ArgumentParserTests {
    static let specification = CommandSpecification(
        name: "demo", abstract: "A command for tests.",
        arguments: [ArgumentSpecification(name: "FILE", help: "Files.", isVariadic: true)],
        options: [
            .value("--db", "PATH", help: "Database."),
            .value("--sources", "LIST", aliases: ["--source"], help: "Sources."),
            .value("--region", "SPEC", repeatable: true, help: "Regions."),
            .flag("--json", help: "JSON."),
        ])

    private func parse(_ tokens: [String]) throws(CommandFailure) -> ParsedArguments {
        switch try ArgumentParser.parse(tokens, for: Self.specification) {
        case .run(let parsed): return parsed
        case .help: throw CommandFailure.usage("help")
        }
    }

    @Test func readsValuesFlagsAndPositionals() throws {
        let parsed = try parse(["a.csv", "--db", "m.sqlite", "--json", "b.csv", "--source=wifi"])
        #expect(parsed.positionals == ["a.csv", "b.csv"])
        #expect(parsed.value("--db") == "m.sqlite")
        #expect(parsed.value("--sources") == "wifi")
        #expect(parsed.flag("--json"))
    }

    @Test func repeatableOptionsAccumulate() throws {
        let parsed = try parse(["x", "--region", "a=1,2,3", "--region", "b=4,5,6"])
        #expect(parsed.allValues("--region") == ["a=1,2,3", "b=4,5,6"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--", "--json"])
        #expect(parsed.positionals == ["--json"])
        #expect(!parsed.flag("--json"))
    }

    @Test(arguments: [
        (["x", "--bogus"], "unknown option '--bogus'"),
        (["x", "--db"], "--db needs a value"),
        (["x", "--json=yes"], "--json takes no value"),
        (["x", "--db", "a", "--db", "b"], "--db was given more than once"),
        ([], "missing argument FILE"),
    ])
    func mistakesAreUsageErrors(tokens: [String], message: String) {
        do {
            _ = try parse(tokens)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message.contains(message))
        }
    }

    @Test func helpIsRecognizedAnywhere() throws {
        let outcome = try ArgumentParser.parse(["x", "--db", "m", "-h"], for: Self.specification)
        guard case .help = outcome else {
            Issue.record("expected help")
            return
        }
    }

    @Test func helpListsEveryOptionWithItsAliases() {
        let help = HelpFormatter.help(for: Self.specification, program: "whereabouts")
        #expect(help.hasPrefix("OVERVIEW: A command for tests."))
        #expect(help.contains("USAGE:\n  whereabouts demo FILE… [OPTIONS]"))
        #expect(help.contains("--sources, --source LIST"))
        #expect(help.contains("-h, --help"))
    }
}
