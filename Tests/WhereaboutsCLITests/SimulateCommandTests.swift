import Foundation
import Testing
import TestSupport

/// `simulate --scan-cache`: the walk's and the drive's scans report what the kernel's scan
/// results hold, leftovers with their age.
@Suite struct SimulateCommandTests {
    @Test func scanCacheWritesLeftoversWithTheirAgeAndTheDrivesTruth() async throws {
        let directory = TemporaryDirectory("simulate-cache")
        let run = await CLIRun([
            "simulate", "--seed", "2", "--size", "tiny", "--walk-minutes", "2", "--scan-cache", "30",
            "--out", directory.url.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        for name in ["walk", "drive"] {
            let trace = try String(contentsOfFile: directory.path("\(name).trace.jsonl"), encoding: .utf8)
            let truth = try String(contentsOfFile: directory.path("\(name).truth.jsonl"), encoding: .utf8)
            #expect(trace.split(separator: "\n").count == truth.split(separator: "\n").count, "\(name): line for line")
            let ages = trace.matches(of: /"age":(\d+)/).compactMap { Int($0.1) }
            #expect(ages.contains { $0 <= 3_000 } && ages.contains { $0 > 10_000 }, "\(name): fresh readings and leftovers")
            #expect(ages.allSatisfy { $0 <= 30_000 })
        }
        let plain = await CLIRun(["simulate", "--seed", "2", "--size", "tiny", "--walk-minutes", "2", "--out", directory.path("plain")])
        #expect(plain.status == 0)
        let plainWalk = try String(contentsOfFile: directory.path("plain/walk.trace.jsonl"), encoding: .utf8)
        #expect(!plainWalk.contains("\"age\""), "without --scan-cache each scan reports its own readings only")
    }

    @Test(arguments: ["-1", "601", "soon"]) func aBadScanCacheIsAUsageError(value: String) async {
        let directory = TemporaryDirectory("simulate-cache-bad")
        let run = await CLIRun(["simulate", "--size", "tiny", "--scan-cache", value, "--out", directory.url.path])
        #expect(run.status == 64)
        #expect(run.errors.contains("--scan-cache expects seconds from 0 to 600, got '\(value)'"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("survey.wigle.csv")))
    }

    /// `--survey-logging wigle-app`: fewer rows than every scan's, the same networks; a bad
    /// value, or the option with a written town, is a usage error.
    @Test func surveyLoggingWritesTheAppsRowsAndIsCheckedWhereItApplies() async throws {
        let directory = TemporaryDirectory("simulate-logging")
        var rows: [String: Int] = [:]
        for logging in ["every-scan", "wigle-app"] {
            let run = await CLIRun([
                "simulate", "--seed", "2", "--size", "tiny", "--walk-minutes", "1", "--survey-logging", logging,
                "--out", directory.path(logging),
            ])
            #expect(run.status == 0, "\(run.errors)")
            let survey = try String(contentsOfFile: directory.path("\(logging)/survey.wigle.csv"), encoding: .utf8)
            rows[logging] = survey.split(separator: "\n").count
        }
        #expect((rows["wigle-app"] ?? 0) * 2 < rows["every-scan"] ?? 0, "\(rows)")
        let bad = await CLIRun(["simulate", "--size", "tiny", "--survey-logging", "sometimes", "--out", directory.path("bad")])
        #expect(bad.status == 64 && bad.errors.contains("--survey-logging"))
        let town = await CLIRun(["eval", "--town", directory.path("wigle-app"), "--survey-logging", "wigle-app"])
        #expect(town.status == 64 && town.errors.contains("--survey-logging applies to --towns"), "\(town.errors)")
    }
}
