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

    /// What zsh's completion system offers for `line` (the word after the last space being
    /// completed): an interactive `zsh -f` on a pseudo-terminal (`zpty`) loads the script through
    /// `compinit`, is sent the line and a Tab, and prints every match `compadd` is given.
    private func zshCompletions(_ line: String, script: String) throws -> [String] {
        let directory = TemporaryDirectory("zsh-completion")
        try FileManager.default.createDirectory(atPath: directory.path("functions"), withIntermediateDirectories: true)
        try script.write(toFile: directory.path("functions/_whereabouts"), atomically: true, encoding: .utf8)
        let setup = """
            PROMPT=
            fpath=(\(directory.path("functions")) $fpath)
            autoload -Uz compinit && compinit -u -D
            bindkey '^I' complete-word
            null-line() { print -n -- $'\\0\\n' }
            compprefuncs=(null-line)
            comppostfuncs=(null-line exit)
            compadd() {
                if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return $?; fi
                typeset -a hits
                builtin compadd -A hits "$@"
                local found=$?
                (( $#hits )) && print -l -- "match:"${^hits}
                return $found
            }
            """
        try setup.write(toFile: directory.path("setup.zsh"), atomically: true, encoding: .utf8)
        // The shell exits when completion ends (comppostfuncs), which ends the read loop.
        let driver = """
            zmodload zsh/zpty
            zpty shell zsh -f -i
            zpty -w shell "source \(directory.path("setup.zsh"))"
            zpty -w shell "$1"$'\\t'
            while zpty -r shell chunk; do print -rn -- "$chunk"; done
            """
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/zsh"), ["-f", "-c", driver, "driver", line], timeout: .seconds(30))
        let lines = String(decoding: Array(result.standardOutput.utf8).filter { $0 != 13 }, as: UTF8.self).split(separator: "\n")
        return Set(lines.filter { $0.hasPrefix("match:") }.map { String($0.dropFirst(6)) }).sorted()
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh (tools/install-deps --test installs it)"),
        arguments: [
            ("whereabouts lo", ["locate"]),
            ("whereabouts db st", ["stats"]),
            ("whereabouts db export --format ", ["geosubmit", "wigle"]),
            ("whereabouts eval --calibration ", ["kfold", "none", "stored"]),
            ("whereabouts import --no-", ["--no-calibrate"]),
        ])
    func zshCompletesNestedSubcommandsAndOptionValues(line: String, expected: [String]) throws {
        let script = CompletionScript.script(for: .zsh, commands: Whereabouts.subcommands, program: "whereabouts")
        #expect(try zshCompletions(line, script: script) == expected)
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
