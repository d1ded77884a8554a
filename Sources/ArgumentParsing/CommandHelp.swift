/// Help and usage for a declared command, generated from its declarations in
/// swift-argument-parser's layout: OVERVIEW, DISCUSSION, USAGE, ARGUMENTS, OPTIONS (grouped),
/// SUBCOMMANDS, EXAMPLES.
public struct CommandHelp {
    /// The command and the groups above it, outermost first (`db`, `stats`).
    public var path: [any ParsableCommand.Type]
    public var program: String

    public init(path: [any ParsableCommand.Type], program: String) {
        precondition(!path.isEmpty, "help is for a command")
        self.path = path
        self.program = program
    }

    public var command: any ParsableCommand.Type { path[path.count - 1] }
    public var configuration: CommandConfiguration { command.configuration }
    /// `db stats`.
    public var fullName: String { path.map { $0.configuration.commandName }.joined(separator: " ") }
    public var declarations: [ArgumentDeclaration] { CommandParser.declarations(of: command).map(\.declaration) }

    public static let width = 80
    public static let helpColumn = 30

    public var usageLines: [String] {
        let prefix = "\(program) \(fullName)"
        if !configuration.subcommands.isEmpty { return ["\(prefix) <subcommand>"] }
        if let custom = configuration.usage { return custom.map { "\(prefix) \($0)".trimmingTrailingSpaces } }
        var parts = [prefix]
        for declaration in declarations where declaration.kind == .positional {
            let name = declaration.isRepeatable ? "\(declaration.name)…" : declaration.name
            parts.append(declaration.isRequired ? name : "[\(name)]")
        }
        for declaration in declarations where declaration.kind == .option && declaration.isRequired {
            parts.append("\(declaration.name) \(declaration.valueName)")
        }
        if declarations.contains(where: { $0.kind != .positional && !$0.isRequired }) { parts.append("[OPTIONS]") }
        return [parts.joined(separator: " ")]
    }

    public var text: String {
        var lines = ["OVERVIEW: \(configuration.abstract)"]
        let paragraphs = configuration.discussion.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        if !paragraphs.isEmpty {
            lines += ["", "DISCUSSION:"]
            for (index, paragraph) in paragraphs.enumerated() {
                if index > 0 { lines.append("") }
                lines += Self.wrap(paragraph, indent: 2, width: Self.width)
            }
        }
        let usage = usageLines
        lines += ["", "USAGE:"] + usage.map { "  " + $0 }
        let arguments = declarations.filter { $0.kind == .positional }
        if !arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += arguments.flatMap { Self.row($0.isRepeatable ? "\($0.name)…" : $0.name, Self.helpText(of: $0)) }
        }
        let options = declarations.filter { $0.kind != .positional }
        var groups: [String?] = [nil]
        for option in options where !groups.contains(option.group) { groups.append(option.group) }
        for group in groups {
            lines += ["", group.map { "\($0.uppercased()) OPTIONS:" } ?? "OPTIONS:"]
            for option in options where option.group == group {
                lines += Self.row(Self.names(of: option), Self.helpText(of: option))
            }
            if group == nil { lines += Self.row("-h, --help", "Show this help.") }
        }
        if !configuration.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            for subcommand in configuration.subcommands {
                lines += Self.row("\(fullName) \(subcommand.configuration.commandName)", subcommand.configuration.abstract)
            }
            lines += ["", "See '\(program) \(fullName) <subcommand> --help' for a subcommand's options."]
        }
        if !configuration.examples.isEmpty {
            lines += ["", "EXAMPLES:"] + configuration.examples.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--sources, --source LIST`, or `--[no-]calibrate`.
    public static func names(of declaration: ArgumentDeclaration) -> String {
        var names = declaration.names
        if case .flag(hasInversion: true) = declaration.kind { names = names.map { "--[no-]" + $0.dropFirst(2) } }
        let joined = names.joined(separator: ", ")
        return declaration.kind == .option ? "\(joined) \(declaration.valueName)" : joined
    }

    private static func helpText(of declaration: ArgumentDeclaration) -> String {
        guard !declaration.allowedValues.isEmpty, !declaration.valueName.contains("|") else { return declaration.help }
        return declaration.help + " (values: \(declaration.allowedValues.joined(separator: ", ")))"
    }

    /// A two-column row: the name padded to the help column, the help wrapped beside it.
    public static func row(_ left: String, _ right: String) -> [String] {
        let wrapped = wrap(right, indent: helpColumn, width: width)
        let name = "  " + left
        if name.count < helpColumn - 1 {
            return [name + String(repeating: " ", count: helpColumn - name.count) + wrapped[0].dropFirst(helpColumn)]
                + wrapped.dropFirst()
        }
        return [name] + wrapped
    }

    /// Words filled into lines of at most `width` columns, each indented.
    public static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        let prefix = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(prefix + line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(prefix + line)
        return lines
    }
}

extension String {
    /// The text without the spaces an empty usage override leaves at its end.
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
