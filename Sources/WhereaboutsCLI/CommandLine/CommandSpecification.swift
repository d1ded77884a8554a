/// A declared option of a command: `--name VALUE` or a `--flag`.
struct OptionSpecification: Sendable {
    /// Long name with dashes, e.g. `--db`.
    var name: String
    /// Other spellings, e.g. `-h` or `--source` for `--sources`.
    var aliases: [String] = []
    /// The placeholder shown in help (`PATH`); nil for a flag that takes no value.
    var valueName: String?
    var help: String
    /// Whether the option may be given more than once (values accumulate).
    var isRepeatable = false

    var takesValue: Bool { valueName != nil }

    static func flag(_ name: String, aliases: [String] = [], help: String) -> OptionSpecification {
        OptionSpecification(name: name, aliases: aliases, valueName: nil, help: help)
    }

    static func value(
        _ name: String, _ valueName: String, aliases: [String] = [], repeatable: Bool = false, help: String
    ) -> OptionSpecification {
        OptionSpecification(name: name, aliases: aliases, valueName: valueName, help: help, isRepeatable: repeatable)
    }
}

/// A declared positional argument.
struct ArgumentSpecification: Sendable {
    var name: String
    var help: String
    var isOptional = false
    /// Whether it takes all remaining positional values (`FILE…`).
    var isVariadic = false
}

/// Everything the command layer knows about a command: used to parse and to print help.
struct CommandSpecification: Sendable {
    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [ArgumentSpecification] = []
    var options: [OptionSpecification] = []
    /// Usage lines after the command name, when the generated one is not clear enough.
    var usageOverride: [String]?
    var examples: [String] = []
}
