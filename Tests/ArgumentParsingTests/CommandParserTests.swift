import Testing

@testable import ArgumentParsing

/// A command declaring one of everything, parsed as `whereabouts demo`.
private struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "A command for tests.",
        discussion: "First paragraph.\n\nSecond paragraph, long enough to be wrapped at eighty columns when the help prints it out.",
        examples: ["whereabouts demo a.csv"])

    enum Shape: String, CaseIterable, ExpressibleByArgument { case round, square }

    @Argument("FILE", help: "Files.") var files: [FilePath]
    @Option("--db", help: "Database.") var database: FilePath?
    @Option("--sources", "--source", help: "Sources.") var sources = CommaList<Shape>([.round])
    @Option("--weight", help: "Weights.") var weights: [Double]
    @Option("--count", help: "A count.") var count = 3
    @Option("--seed", help: "A seed.") var seed: UInt64?
    @Option("--ratio", group: "tuning", help: "A ratio.") var ratio: Double?
    @Option("--timeout", group: "tuning", help: "A time.") var timeout: Duration = .seconds(10)
    @Option("--shape", help: "A shape.") var shape: Shape?
    @Flag("--json", help: "JSON.") var json: Bool
    @Flag("--calibrate", inversion: true, help: "Calibrate.") var calibrate = true

    func validate() throws(UsageError) {
        if json && database == nil { throw .usage("--json needs --db") }
    }

}

private struct RequiredCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "needs", abstract: "Needs things.")
    @Argument("ID", help: "An id.") var id: Int
    @Argument("NAME", help: "A name.") var name: String?
    @Option("--out", help: "Where.") var out: FilePath
}

private struct SharedOptions: ParsableArguments {
    @Option("--gpsd", group: "sources", help: "A gpsd.") var gpsd: String?
    @Flag("--strict", group: "sources", help: "Strict.") var strict: Bool
    func validate() throws(UsageError) {
        if strict && gpsd == nil { throw .usage("--strict needs --gpsd") }
    }
}

private struct GroupedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "grouped", abstract: "Shares options.")
    @OptionGroup var shared: SharedOptions
    @Option("--db", help: "Database.") var database: String?
}

@Suite struct CommandParserTests {
    private func parse(_ tokens: [String]) throws(UsageError) -> DemoCommand {
        switch try CommandParser.parse(tokens, as: DemoCommand.self) {
        case .run(let command): return command
        case .help: throw UsageError("help")
        }
    }

    private func message(_ tokens: [String]) -> String? {
        do {
            _ = try parse(tokens)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaultsStandWhenNothingIsGiven() throws {
        let command = try parse(["a.csv"])
        #expect(command.files == [FilePath("a.csv")])
        #expect(command.database == nil && !command.$database.isGiven)
        #expect(command.sources == CommaList([.round]))
        #expect(command.weights.isEmpty)
        #expect(command.count == 3 && command.timeout == .seconds(10))
        #expect(!command.json && command.calibrate && !command.$calibrate.isGiven)
    }

    @Test func readsEveryValueType() throws {
        let command = try parse([
            "a.csv", "--db", "m.sqlite", "--source=square,round", "--count", "-4", "--seed", "18446744073709551615",
            "--ratio", "0.25", "--timeout", "2.5", "--shape", "square", "--json", "b.csv",
        ])
        #expect(command.files.map(\.string) == ["a.csv", "b.csv"])
        #expect(command.database?.string == "m.sqlite" && command.$database.isGiven)
        #expect(command.sources.elements == [.square, .round])
        #expect(command.count == -4 && command.seed == .max && command.ratio == 0.25)
        #expect(command.timeout == .milliseconds(2500))
        #expect(command.shape == .square && command.json)
    }

    @Test func enumerationsIgnoreCase() throws {
        #expect(try parse(["x", "--shape", "SQUARE"]).shape == .square)
    }

    @Test func inlineAndSeparateValuesAreTheSame() throws {
        let inline = try parse(["x", "--count=7"]).count
        let separate = try parse(["x", "--count", "7"]).count
        #expect(inline == 7 && separate == 7)
        #expect(try parse(["x", "--db=a=b"]).database?.string == "a=b")
    }

    @Test func repeatableOptionsAccumulateInOrder() throws {
        let command = try parse(["x", "--weight", "3", "--weight=0.5", "--weight", "-2"])
        #expect(command.weights == [3, 0.5, -2])
    }

    @Test func doubleDashEndsOptions() throws {
        let command = try parse(["--", "--json", "-h"])
        #expect(command.files.map(\.string) == ["--json", "-h"])
        #expect(!command.json)
    }

    @Test func aFlagsNoFormTurnsItOff() throws {
        #expect(try !parse(["x", "--no-calibrate"]).calibrate)
        #expect(try parse(["x", "--calibrate"]).calibrate)
        #expect(try parse(["x", "--no-calibrate"]).$calibrate.isGiven)
        #expect(message(["x", "--no-json"])?.hasPrefix("unknown option '--no-json'") == true)
    }

    @Test func helpIsRecognizedAnywhereBeforeDoubleDash() throws {
        guard case .help = try CommandParser.parse(["x", "--count", "nope", "-h"], as: DemoCommand.self) else {
            Issue.record("expected help")
            return
        }
    }

    @Test(arguments: [
        (["x", "--count", "abc"], "--count: 'abc' is not a whole number"),
        (["x", "--count", "2.5"], "--count: '2.5' is not a whole number"),
        (["x", "--seed", "-1"], "--seed: '-1' is not a whole number"),
        (["x", "--ratio", "inf"], "--ratio: 'inf' is not a number"),
        (["x", "--timeout", "abc"], "--timeout: 'abc' is not a number of seconds"),
        (["x", "--timeout", "-1"], "--timeout: '-1' is not a number of seconds"),
        (["x", "--db", ""], "--db: '' is not a path"),
        (["x", "--shape", "oval"], "--shape: 'oval' is not round or square"),
        (["x", "--source", "round,"], "--sources: 'round,' is not a comma-separated list"),
        (["x", "--source", "round,oval"], "--sources: 'round,oval' is not a comma-separated list of round|square ('oval' is not round or square)"),
        (["x", "--weight", "1", "--weight", "heavy"], "--weight: 'heavy' is not a number"),
        (["x", "--bogus"], "unknown option '--bogus' for 'demo'"),
        (["x", "--jsno"], "unknown option '--jsno' for 'demo'; did you mean '--json'?"),
        (["x", "--calibrat"], "unknown option '--calibrat' for 'demo'; did you mean '--calibrate'?"),
        (["x", "--db"], "--db needs a value"),
        (["x", "--json=yes"], "--json takes no value"),
        (["x", "--db", "a", "--db", "b"], "--db was given more than once"),
        (["x", "--json", "--json"], "--json was given more than once"),
        (["x", "--calibrate", "--no-calibrate"], "--calibrate was given more than once"),
        ([], "missing argument FILE"),
        (["x", "--json"], "--json needs --db"),
    ])
    func everyMistakeIsOneUsageError(tokens: [String], expected: String) {
        let found = message(tokens)
        #expect(found?.hasPrefix(expected) == true, "\(found ?? "parsed")")
    }

    @Test(arguments: [
        ([String](), "missing argument ID"), (["x", "--out", "o"], "ID: 'x' is not a whole number"),
        (["1"], "missing option --out PATH"), (["1", "n", "extra", "--out", "o"], "unexpected argument 'extra'"),
    ])
    func requiredArgumentsAndOptionsMustBeGiven(tokens: [String], expected: String) {
        #expect(throws: UsageError(expected)) { _ = try CommandParser.parse(tokens, as: RequiredCommand.self) }
    }

    @Test func requiredArgumentsParse() throws {
        guard case .run(let command) = try CommandParser.parse(["7", "--out", "o.svg", "seven"], as: RequiredCommand.self)
        else { throw UsageError("help") }
        #expect(command.id == 7 && command.name == "seven" && command.out.string == "o.svg")
    }

    @Test func optionGroupsAreParsedValidatedAndListed() throws {
        guard case .run(let command) = try CommandParser.parse(["--gpsd", "h:1", "--strict", "--db", "m"], as: GroupedCommand.self)
        else { throw UsageError("help") }
        #expect(command.shared.gpsd == "h:1" && command.shared.strict && command.database == "m")
        #expect(throws: UsageError("--strict needs --gpsd")) {
            _ = try CommandParser.parse(["--strict"], as: GroupedCommand.self)
        }
        let help = CommandHelp(path: [GroupedCommand.self], program: "whereabouts").text
        #expect(help.contains("SOURCES OPTIONS:\n  --gpsd VALUE"), "\(help)")
    }

    @Test func helpHasEverySectionInOrder() {
        let help = CommandHelp(path: [DemoCommand.self], program: "whereabouts").text
        let sections = ["OVERVIEW: A command for tests.", "DISCUSSION:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "TUNING OPTIONS:", "EXAMPLES:"]
        let offsets = sections.map { help.range(of: $0)?.lowerBound }
        #expect(!offsets.contains(nil), "\(help)")
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
        #expect(help.contains("USAGE:\n  whereabouts demo FILE… [OPTIONS]"))
        #expect(help.contains("  --sources, --source LIST    Sources. (values: round, square)"))
        #expect(help.contains("  --shape round|square        A shape.\n"))
        #expect(help.contains("  --[no-]calibrate            Calibrate."))
        #expect(help.contains("  -h, --help                  Show this help."))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= CommandHelp.width }, "\(help)")
        #expect(help.contains("  First paragraph.\n\n  Second paragraph"))
    }

    @Test func requiredOptionsShowInTheUsage() {
        let usage = CommandHelp(path: [RequiredCommand.self], program: "whereabouts").usageLines
        #expect(usage == ["whereabouts needs ID [NAME] --out PATH"])
    }

    @Test(arguments: [
        ("--jsno", ["--json", "--db"], "--json"), ("stat", ["stats", "imports"], "stats"),
        ("forget-imp", ["forget", "forget-import"], "forget-import"), ("teleport", ["stats", "imports"], nil),
    ])
    func suggestionsAreTheClosestName(typed: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: typed, among: candidates) == expected)
    }
}
