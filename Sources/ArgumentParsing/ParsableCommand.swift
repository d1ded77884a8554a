/// One command, declared in swift-argument-parser's shape: a type whose `@Option`, `@Flag` and
/// `@Argument` properties are its command line, with a configuration naming it and its help.
///
/// The parser reads the declarations from a default instance (`init()`), matches the tokens
/// against them, converts each value with its type's `ExpressibleByArgument` conformance and
/// decodes a new instance with the values in place; then `validate()` checks relations between
/// options. What the command does is the program's business: this library only parses.
///
/// ```swift
/// struct GeocodeCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "geocode", abstract: "Find places by name.")
///     @Argument("NAME", help: "The place name.") var name: String
///     @Option("--limit", help: "At most N matches.") var limit: Int = 10
/// }
/// ```
public protocol ParsableCommand: ParsableArguments {
    /// The name, help text and subcommands.
    static var configuration: CommandConfiguration { get }
}

/// A set of declared options, arguments and flags: a command's, or a group several commands
/// share through `@OptionGroup` (as `locate` and `watch` share their live-source options).
public protocol ParsableArguments: Decodable, Sendable {
    /// The default instance, whose property wrappers carry the declarations.
    init()
    /// Checks relations between the parsed options (exclusive inputs, one option needing
    /// another); throws a `UsageError` so nothing of the command runs.
    func validate() throws(UsageError)
}

extension ParsableArguments {
    public func validate() throws(UsageError) {}
}

/// Options declared once in a `ParsableArguments` type and included in a command, whose help
/// lists them with its own.
///
/// ```swift
/// @OptionGroup var live: LiveOptions
/// ```
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: DeclaredGroup, Decodable {
    public var wrappedValue: Value

    public init() { wrappedValue = Value() }

    public var members: any ParsableArguments { wrappedValue }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
        try wrappedValue.validate()
    }
}

/// A property wrapper whose value holds further declarations.
public protocol DeclaredGroup: Sendable {
    var members: any ParsableArguments { get }
}

/// What a command says about itself beyond its arguments: name, help and subcommands.
public struct CommandConfiguration: Sendable {
    /// The word that selects the command (`stats` in `whereabouts db stats`).
    public var commandName: String
    /// OVERVIEW: one or two sentences.
    public var abstract: String
    /// DISCUSSION: the rest, in short paragraphs separated by blank lines.
    public var discussion: String
    /// Usage lines after the command's name, when the generated one is not clear enough.
    public var usage: [String]?
    public var examples: [String]
    /// Nested commands (`db stats`, `db forget`, …); a command with subcommands only groups them.
    public var subcommands: [any ParsableCommand.Type]

    public init(
        commandName: String, abstract: String, discussion: String = "", usage: [String]? = nil, examples: [String] = [],
        subcommands: [any ParsableCommand.Type] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.examples = examples
        self.subcommands = subcommands
    }
}
