/// Renders help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, EXAMPLES.
enum HelpFormatter {
    static func usageLines(for specification: CommandSpecification, program: String) -> [String] {
        if let custom = specification.usageOverride {
            return custom.map { "\(program) \(specification.name) \($0)".trimmingTrailingSpaces }
        }
        var parts = ["\(program) \(specification.name)"]
        for argument in specification.arguments {
            var text = argument.isVariadic ? "\(argument.name)…" : argument.name
            if argument.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        if !specification.options.isEmpty { parts.append("[OPTIONS]") }
        return [parts.joined(separator: " ")]
    }

    static func help(for specification: CommandSpecification, program: String) -> String {
        var lines = ["OVERVIEW: \(specification.abstract)"]
        if let discussion = specification.discussion {
            lines += ["", discussion]
        }
        lines += ["", "USAGE:"] + usageLines(for: specification, program: program).map { "  " + $0 }
        if !specification.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += specification.arguments.map { row($0.isVariadic ? "\($0.name)…" : $0.name, $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in specification.options {
            var names = ([option.name] + option.aliases).joined(separator: ", ")
            if let valueName = option.valueName { names += " \(valueName)" }
            lines.append(row(names, option.help))
        }
        lines.append(row("-h, --help", "Show this help."))
        if !specification.examples.isEmpty {
            lines += ["", "EXAMPLES:"] + specification.examples.map { "  " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func overview(commands: [CommandSpecification], program: String) -> String {
        var lines = [
            "OVERVIEW: Offline Wi-Fi and cell-tower positioning for Linux.", "",
            "USAGE: \(program) <command> [OPTIONS]", "", "COMMANDS:",
        ]
        lines += commands.map { row($0.name, $0.abstract) }
        lines += ["", "See '\(program) <command> --help' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 28 ? left + String(repeating: " ", count: 28 - left.count) : left + "\n" + String(repeating: " ", count: 30)
        return "  " + padded + right
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
