/// One command of `whereabouts`, declared in swift-argument-parser's shape: a type whose
/// `@Option`, `@Flag` and `@Argument` properties are its command line.
///
/// The parser reads the declarations from a default instance (`init()`), matches the tokens
/// against them, converts each value with its type's `ExpressibleByArgument` conformance and
/// decodes a new instance with the values in place; then `validate()` checks relations between
/// options, and only then does `run(context:)` start.
///
/// ```swift
/// struct GeocodeCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "geocode", abstract: "Find places by name.")
///     @Argument("NAME", help: "The place name.") var name: String
///     @Option("--limit", help: "At most N matches.") var limit: Int = 10
///     func run(context: CommandContext) async throws -> ExitCode { … }
/// }
/// ```
protocol ParsableCommand: ParsableArguments {
    /// The name, help text and subcommands.
    static var configuration: CommandConfiguration { get }
    /// Does the work; returns the exit code on success paths and throws otherwise.
    func run(context: CommandContext) async throws -> ExitCode
}

/// A set of declared options, arguments and flags: a command's, or a group several commands
/// share through `@OptionGroup` (as `locate` and `watch` share their live-source options).
protocol ParsableArguments: Decodable, Sendable {
    /// The default instance, whose property wrappers carry the declarations.
    init()
    /// Checks relations between the parsed options (exclusive inputs, one option needing
    /// another); throws `CommandFailure.usage` so nothing of `run` starts.
    func validate() throws(CommandFailure)
}

extension ParsableArguments {
    func validate() throws(CommandFailure) {}
}

/// Options declared once in a `ParsableArguments` type and included in a command, whose help
/// lists them with its own.
///
/// ```swift
/// @OptionGroup var live: LiveOptions
/// ```
@propertyWrapper
struct OptionGroup<Value: ParsableArguments>: DeclaredGroup, Decodable {
    var wrappedValue: Value

    init() { wrappedValue = Value() }

    var members: any ParsableArguments { wrappedValue }

    init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
        try wrappedValue.validate()
    }
}

/// A property wrapper whose value holds further declarations.
protocol DeclaredGroup: Sendable {
    var members: any ParsableArguments { get }
}

/// What a command says about itself beyond its arguments: name, help and subcommands.
struct CommandConfiguration: Sendable {
    /// The word that selects the command (`stats` in `whereabouts db stats`).
    var commandName: String
    /// OVERVIEW: one or two sentences.
    var abstract: String
    /// DISCUSSION: the rest, in short paragraphs separated by blank lines.
    var discussion: String = ""
    /// Usage lines after the command's name, when the generated one is not clear enough.
    var usage: [String]? = nil
    var examples: [String] = []
    /// Nested commands (`db stats`, `db forget`, …); a command with subcommands only groups them.
    var subcommands: [any ParsableCommand.Type] = []
}

/// A command that only groups subcommands: run alone it lists them as a usage error.
protocol CommandGroup: ParsableCommand {}

extension CommandGroup {
    func run(context: CommandContext) async throws -> ExitCode {
        preconditionFailure("a command group is resolved to one of its subcommands before it runs")
    }
}
