/// What the parser found: a command ready to run, or a request for its help.
public enum ParseOutcome<Command: ParsableCommand> {
    case run(Command)
    case help
}

/// One declaration of a command with the property it fills.
public struct DeclaredProperty: Sendable {
    /// The property's name, as the synthesized `Decodable` conformance keys it, after the
    /// names of the option groups holding it (`live.sources`).
    public var key: String
    public var argument: any DeclaredArgument
    public var declaration: ArgumentDeclaration { argument.declaration }
}

/// A strict parser of one command's tokens against its declarations, in swift-argument-parser's
/// shape.
///
/// Accepts `--name value`, `--name=value`, flags and their `--no-` forms, `--` to end options,
/// and `-h`/`--help` anywhere. Unknown options (with the closest name suggested), missing
/// values, repeated single-valued options, missing or extra positional arguments and values
/// their type refuses are usage errors (exit 64). After conversion, `validate()` runs.
public enum CommandParser {
    /// The command's declarations in the order its type declares them.
    public static func declarations(of command: any ParsableArguments.Type) -> [DeclaredProperty] {
        declarations(in: command.init(), prefix: "")
    }

    private static func declarations(in instance: any ParsableArguments, prefix: String) -> [DeclaredProperty] {
        Mirror(reflecting: instance).children.flatMap { child -> [DeclaredProperty] in
            guard let label = child.label else { return [] }
            let key = prefix + (label.hasPrefix("_") ? String(label.dropFirst()) : label)
            if let argument = child.value as? any DeclaredArgument { return [DeclaredProperty(key: key, argument: argument)] }
            if let group = child.value as? any DeclaredGroup { return declarations(in: group.members, prefix: key + ".") }
            return []
        }
    }

    /// The decoder tree for `instance`: a field per declaration, a nested decoder per group.
    private static func decoder(
        for instance: any ParsableArguments, prefix: String, values: [String: [String]]
    ) -> ArgumentDecoder {
        var fields: [String: any Decoder] = [:]
        for child in Mirror(reflecting: instance).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            if let argument = child.value as? any DeclaredArgument {
                fields[name] = ArgumentField(prototype: argument, values: values[prefix + name] ?? [])
            } else if let group = child.value as? any DeclaredGroup {
                fields[name] = decoder(for: group.members, prefix: prefix + name + ".", values: values)
            }
        }
        return ArgumentDecoder(fields: fields)
    }

    /// The command the leading words name among `commands` and their nested subcommands,
    /// outermost first (`db`, `stats` for `db stats --json`), with the tokens left for it; nil
    /// when the first word names none of `commands`.
    public static func resolve(
        _ arguments: [String], among commands: [any ParsableCommand.Type]
    ) -> (path: [any ParsableCommand.Type], rest: [String])? {
        guard let first = arguments.first, let top = commands.first(where: { $0.configuration.commandName == first })
        else { return nil }
        var path: [any ParsableCommand.Type] = [top]
        var rest = arguments.dropFirst()
        while let word = rest.first,
            let next = path.last!.configuration.subcommands.first(where: { $0.configuration.commandName == word })
        {
            path.append(next)
            rest = rest.dropFirst()
        }
        return (path, Array(rest))
    }

    public static func parse<Command: ParsableCommand>(
        _ tokens: [String], as command: Command.Type
    ) throws(UsageError) -> ParseOutcome<Command> {
        let declared = declarations(of: command)
        guard let values = try match(tokens, against: declared, commandName: command.configuration.commandName)
        else { return .help }
        let parsed: Command
        do {
            parsed = try Command(from: decoder(for: Command(), prefix: "", values: values))
        } catch let failure as UsageError {
            throw failure
        } catch {
            preconditionFailure("\(command) declares a property the parser cannot fill: \(error)")
        }
        try parsed.validate()
        return .run(parsed)
    }

    /// The raw values per property, or nil when help was asked for.
    static func match(
        _ tokens: [String], against declared: [DeclaredProperty], commandName: String
    ) throws(UsageError) -> [String: [String]]? {
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if optionsEnded || !token.hasPrefix("-") || token == "-" {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            if token == "-h" || token == "--help" { return nil }
            let (name, inlineValue) = splitInlineValue(token)
            guard let property = declared.first(where: { $0.declaration.kind != .positional && $0.declaration.spellings.contains(name) })
            else {
                let spellings = declared.filter { $0.declaration.kind != .positional }.flatMap(\.declaration.spellings)
                throw .usage("unknown option '\(name)' for '\(commandName)'" + Suggestion.didYouMean(name, among: spellings + ["--help"]))
            }
            let declaration = property.declaration
            if !declaration.isRepeatable && values[property.key] != nil {
                throw .usage("\(declaration.name) was given more than once")
            }
            switch declaration.kind {
            case .option:
                if let inlineValue {
                    values[property.key, default: []].append(inlineValue)
                } else {
                    guard index < tokens.count else { throw .usage("\(declaration.name) needs a value") }
                    values[property.key, default: []].append(tokens[index])
                    index += 1
                }
            case .flag:
                guard inlineValue == nil else { throw .usage("\(name) takes no value") }
                let isOn = declaration.names.contains(name)
                values[property.key, default: []].append(isOn ? ArgumentField.flagOn : ArgumentField.flagOff)
            case .positional:
                preconditionFailure("positional arguments are not matched by name")
            }
        }
        try assign(positionals, to: declared.filter { $0.declaration.kind == .positional }, into: &values)
        if let missing = declared.first(where: {
            $0.declaration.kind == .option && $0.declaration.isRequired && values[$0.key] == nil
        }) {
            throw .usage("missing option \(missing.declaration.name) \(missing.declaration.valueName)")
        }
        return values
    }

    private static func assign(
        _ positionals: [String], to arguments: [DeclaredProperty], into values: inout [String: [String]]
    ) throws(UsageError) {
        var remaining = positionals[...]
        for argument in arguments {
            if argument.declaration.isRepeatable {
                if !remaining.isEmpty { values[argument.key] = Array(remaining) }
                remaining = []
            } else if let first = remaining.popFirst() {
                values[argument.key] = [first]
            }
            if argument.declaration.isRequired && values[argument.key] == nil {
                throw .usage("missing argument \(argument.declaration.name)")
            }
        }
        if let extra = remaining.first {
            throw .usage("unexpected argument '\(extra)'")
        }
    }

    private static func splitInlineValue(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }
}
