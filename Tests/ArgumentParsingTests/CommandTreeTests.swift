import Foundation
import Testing
import TestSupport

@testable import ArgumentParsing

/// A tree two groups deep: `tool map draw --style S`, `tool map stats`, `tool scan`.
private struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "draw", abstract: "Draw it.")
    enum Style: String, CaseIterable, ExpressibleByArgument { case dots, lines }
    @Option("--style", help: "How.") var style = Style.dots
    @Option("--out", help: "Where.") var out: FilePath?
    @Flag("--legend", inversion: true, help: "A legend.") var legend = true
}

private struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Count it.")
    @Flag("--json", help: "JSON.") var json: Bool
}

private struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map", abstract: "Map things.", subcommands: [DrawCommand.self, StatsCommand.self])
}

private struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scan", abstract: "Scan.")
    @Flag("--json", help: "JSON.") var json: Bool
}

/// A declared tree of commands: resolving the leading words, and the bash script generated
/// from it, run by the real bash.
@Suite struct CommandTreeTests {
    private static let commands: [any ParsableCommand.Type] = [MapCommand.self, ScanCommand.self]

    private func completions(_ words: [String]) throws -> [String] {
        let directory = TemporaryDirectory("completion")
        let path = directory.path("tool.bash")
        try CompletionScript.script(for: .bash, commands: Self.commands, program: "tool").write(
            toFile: path, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source \(path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tool; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "--noprofile", "-c", program])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init).sorted()
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"),
        arguments: [
            (["tool", ""], ["--help", "map", "scan"]),
            (["tool", "map", ""], ["--help", "draw", "stats"]),
            (["tool", "map", "draw", "--"], ["--help", "--legend", "--no-legend", "--out", "--style"]),
            (["tool", "map", "draw", "--style", ""], ["dots", "lines"]),
            (["tool", "map", "stats", "--"], ["--help", "--json"]),
        ])
    func eachLevelOffersItsOwnNamesOptionsAndValues(words: [String], expected: [String]) throws {
        #expect(try completions(words) == expected)
    }

    @Test func leadingWordsResolveToTheNestedCommand() throws {
        let resolved = try #require(CommandParser.resolve(["map", "draw", "--style", "lines"], among: Self.commands))
        #expect(resolved.path.map { $0.configuration.commandName } == ["map", "draw"] && resolved.rest == ["--style", "lines"])
        let group = try #require(CommandParser.resolve(["map", "drwa"], among: Self.commands))
        #expect(group.path.map { $0.configuration.commandName } == ["map"] && group.rest == ["drwa"])
        #expect(CommandParser.resolve(["teleport"], among: Self.commands) == nil)
    }

    @Test func bothShellsWalkTheSameTree() {
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell, commands: Self.commands, program: "tool")
            for name in ["map)", "draw)", "stats)", "scan)"] {
                #expect(script.contains("\n" + String(repeating: " ", count: name == "draw)" || name == "stats)" ? 8 : 4) + name),
                        "\(shell): \(name)")
            }
        }
    }
}
