import ArgumentParsing
import Foundation
import Testing
import TestSupport

@testable import WhereaboutsCLI

/// The generated completion scripts, run by the real shell where it is installed.
@Suite struct CompletionScriptTests {
    /// What bash's completion function offers for `words`, the last one being completed.
    private func bashCompletions(_ words: [String], script: String) throws -> [String] {
        let directory = TemporaryDirectory("completion")
        let path = directory.path("whereabouts.bash")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source \(path); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _whereabouts; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "--noprofile", "-c", program])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        (["whereabouts", "lo"], ["locate"]),
        (["whereabouts", "db", "st"], ["stats"]),
        (["whereabouts", "db", "export", "--format", ""], ["wigle", "geosubmit"]),
        (["whereabouts", "import", "--no-"], ["--no-calibrate"]),
        (["whereabouts", "locate", "--desired-"], ["--desired-accuracy"]),
        (["whereabouts", "serve", "--confidence", "6"], ["68"]),
    ])
    func bashCompletesNamesOptionsAndValues(words: [String], expected: [String]) throws {
        // No bash here: nothing to run the script with.
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let script = CompletionScript.script(for: .bash, commands: Whereabouts.subcommands, program: "whereabouts")
        #expect(try bashCompletions(words, script: script) == expected)
    }

    @Test func theScriptIsPrintedForEachShellAndAnUnknownShellIsAUsageError() async {
        let bash = await CLIRun(["--generate-completion-script", "bash"])
        #expect(bash.status == 0 && bash.output.contains("complete -F _whereabouts whereabouts"))
        let zsh = await CLIRun(["--generate-completion-script=zsh"])
        #expect(zsh.status == 0 && zsh.output.hasPrefix("#compdef whereabouts\n"))
        #expect(zsh.output.contains("'--format[The file format.]:wigle|geosubmit:(wigle geosubmit)'"))
        #expect(zsh.output.contains("'*--region[Monitor a circular region (repeatable; remembered).]:ID=LAT,LON,RADIUS: '"))
        let fish = await CLIRun(["--generate-completion-script", "fish"])
        #expect(fish.status == 64 && fish.errors.hasPrefix("Error: --generate-completion-script expects bash or zsh"))
    }
}
