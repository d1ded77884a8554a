/// What one `@Option`, `@Flag` or `@Argument` declares: its names, the placeholder and help
/// shown in help, and how often it may be given. Help, usage and completion scripts are made
/// from these, so they cannot drift from what the parser accepts.
public struct ArgumentDeclaration: Sendable {
    public enum Kind: Sendable, Equatable {
        /// `--name VALUE` (or `--name=VALUE`).
        case option
        /// `--name`, and `--no-name` when the flag is inverted by that prefix.
        case flag(hasInversion: Bool)
        /// A positional argument.
        case positional
    }

    public var kind: Kind
    /// Option names with their dashes, the primary one first (`--sources`, `--source`); for a
    /// positional argument its placeholder (`FILE`).
    public var names: [String]
    /// The value placeholder in help (`PATH`, `SECONDS`); empty for a flag.
    public var valueName: String
    public var help: String
    /// A repeatable option or a variadic argument, whose values accumulate.
    public var isRepeatable = false
    /// Whether the command line must give it.
    public var isRequired = false
    /// The allowed values of an enumeration, for help and completion.
    public var allowedValues: [String] = []
    /// Whether values are file paths (completion offers files).
    public var completesFiles = false
    /// The help section it is listed in (`OPTIONS` when nil).
    public var group: String?

    /// The name errors and help use: `--timeout`, or `FILE`.
    public var name: String { names[0] }

    /// The spellings that select it, `--no-` forms included.
    public var spellings: [String] {
        guard case .flag(hasInversion: true) = kind else { return names }
        return names + names.map(\.negated)
    }
}

/// A property wrapper the parser can read a declaration from and decode a value into.
public protocol DeclaredArgument: Sendable {
    var declaration: ArgumentDeclaration { get }
}

extension String {
    /// `--calibrate` → `--no-calibrate`.
    var negated: String { "--no-" + dropFirst(2) }
}
