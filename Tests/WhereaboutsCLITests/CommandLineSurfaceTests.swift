import Foundation
import Testing
import TestSupport

@testable import WhereaboutsCLI

@Suite struct CommandLineSurfaceTests {
    @Test(arguments: ["import", "locate", "scan", "status", "simulate", "db stats"])
    func everyCommandHasHelpOnStdoutWithExit0(command: String) async {
        let run = await CLIRun(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("OVERVIEW: "))
        #expect(run.output.contains("USAGE:"))
        #expect(run.errors.isEmpty)
    }

    @Test func noArgumentsPrintsTheCommandListAsAUsageError() async {
        let run = await CLIRun([])
        #expect(run.status == 64)
        #expect(run.errors.contains("COMMANDS:"))
    }

    @Test func anUnknownCommandIsAUsageError() async {
        let run = await CLIRun(["teleport"])
        #expect(run.status == 64)
        #expect(run.errors == "Error: unknown command 'teleport'. See 'whereabouts --help'.\n")
    }

    @Test func theDatabaseGroupListsItsCommands() async {
        let run = await CLIRun(["db", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("db stats"))
    }

    @Test func theBuiltBinaryExitsWithTheCommandsStatus() throws {
        let result = try CommandRunner.whereabouts(["locate", "--bogus"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: unknown option '--bogus'"))
    }

    @Test func scanExplainsAMachineWithoutWiFi() async throws {
        let run = await CLIRun(["scan"])
        guard run.status != 0 else { return }  // a machine with Wi-Fi: nothing to explain
        #expect(run.status == 69 || run.status == 77)
        #expect(run.errors.hasPrefix("Error: "))
        if !FileManager.default.fileExists(atPath: "/sys/class/ieee80211") {
            #expect(run.errors.contains("nl80211"))
        }
    }

    @Test func statusNamesEverySourceWithAReason() async throws {
        let run = await CLIRun(["status", "--gpsd", "127.0.0.1:1", "--db", "/nonexistent/map.sqlite"])
        #expect(run.status == 0)
        for source in ["gps ", "cell ", "wifi "] {
            #expect(run.output.contains("\n" + source), "missing \(source) in \(run.output)")
        }
        #expect(run.output.contains("none yet"))
    }
}
