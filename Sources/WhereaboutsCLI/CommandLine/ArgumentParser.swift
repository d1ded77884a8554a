import ArgumentParsing

/// The options and arguments of one command invocation, parsed against its specification.
struct ParsedArguments: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Whether the flag (by its long name) was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The last value given for the option (by its long name), or nil.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// All values given for a repeatable option, in order.
    func allValues(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// Whether the option or flag was given at all.
    func contains(_ name: String) -> Bool {
        flags.contains(name) || values[name] != nil
    }

    /// The option's value as a number, or a usage error naming the option.
    func number(_ name: String) throws(CommandFailure) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw .usage("\(name) expects a number, got '\(text)'")
        }
        return number
    }

    fileprivate mutating func record(_ option: OptionSpecification, value: String?) {
        if let value {
            values[option.name, default: []].append(value)
        } else {
            flags.insert(option.name)
        }
    }

    fileprivate mutating func appendPositional(_ value: String) {
        positionals.append(value)
    }
}

/// What the parser found: arguments to run with, or a request for help.
enum LegacyParseOutcome: Sendable {
    case run(ParsedArguments)
    case help
}

/// A small, strict command-line parser in swift-argument-parser's shape.
///
/// Accepts `--name value`, `--name=value`, flags, `--` to end options, and `-h`/`--help`.
/// Unknown options, missing values, repeated single-valued options and wrong positional
/// counts are usage errors (exit 64).
enum ArgumentParser {
    static func parse(_ tokens: [String], for specification: CommandSpecification) throws(CommandFailure) -> LegacyParseOutcome {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" {
                parsed.appendPositional(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            if token == "-h" || token == "--help" {
                return .help
            }
            let (name, inlineValue) = splitInlineValue(token)
            guard let option = specification.options.first(where: { $0.name == name || $0.aliases.contains(name) })
            else {
                throw .usage("unknown option '\(name)' for '\(specification.name)'")
            }
            if !option.isRepeatable && parsed.contains(option.name) {
                throw .usage("\(option.name) was given more than once")
            }
            if option.takesValue {
                if let inlineValue {
                    parsed.record(option, value: inlineValue)
                } else {
                    guard index < tokens.count else { throw .usage("\(option.name) needs a value") }
                    parsed.record(option, value: tokens[index])
                    index += 1
                }
            } else {
                guard inlineValue == nil else { throw .usage("\(option.name) takes no value") }
                parsed.record(option, value: nil)
            }
        }
        try checkPositionals(parsed.positionals, against: specification)
        return .run(parsed)
    }

    private static func splitInlineValue(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func checkPositionals(
        _ positionals: [String], against specification: CommandSpecification
    ) throws(CommandFailure) {
        let required = specification.arguments.filter { !$0.isOptional }.count
        let isVariadic = specification.arguments.last?.isVariadic ?? false
        if positionals.count < required {
            let missing = specification.arguments[positionals.count].name
            throw .usage("missing argument \(missing)")
        }
        if !isVariadic && positionals.count > specification.arguments.count {
            throw .usage("unexpected argument '\(positionals[specification.arguments.count])'")
        }
    }
}
