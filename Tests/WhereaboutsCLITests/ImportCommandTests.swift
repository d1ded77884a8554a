import Foundation
import Testing
import TestSupport

@testable import WhereaboutsCLI

@Suite struct ImportCommandTests {
    @Test func importsASurveyAndReportsWhatItDid() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let run = await CLIRun(["import", "--db", map, (await SharedTown.shared.town()) + "/survey.wigle.csv"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("survey.wigle.csv (wigle):"))
        #expect(run.output.contains("opted out"))
        let attributes = try FileManager.default.attributesOfItem(atPath: map)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func reimportingTheSameFileChangesNothing() async {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        _ = await CLIRun(["import", "--db", map, (await SharedTown.shared.town()) + "/cells.opencellid.csv"])
        let before = await CLIRun(["db", "stats", "--db", map, "--json"])
        let again = await CLIRun(["import", "--db", map, (await SharedTown.shared.town()) + "/cells.opencellid.csv"])
        let after = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(again.status == 0)
        #expect(again.output.contains("already imported"))
        #expect(before.output == after.output)
    }

    @Test func aFileThatIsNotASurveyIsRefusedWithExit65AndLosesNothing() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        _ = await CLIRun(["import", "--db", map, (await SharedTown.shared.town()) + "/cells.opencellid.csv"])
        let before = await CLIRun(["db", "stats", "--db", map, "--json"])
        let junk = temporary.path("notes.txt")
        try "shopping list\neggs, milk\n".write(toFile: junk, atomically: true, encoding: .utf8)
        let run = await CLIRun(["import", "--db", map, junk])
        #expect(run.status == 65)
        #expect(run.errors.hasPrefix("Error: "))
        let after = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(before.output == after.output)
    }

    @Test func strictModeStopsAtTheFirstBadRowWithItsLineNumber() async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        let survey = temporary.path("survey.csv")
        try """
            WigleWifi-1.4,appRelease=2.25,model=test,release=6.0,device=t,display=t,board=t,brand=t
            MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type
            00:11:22:33:44:55,home,[ESS],2024-05-01 10:00:00,6,-60,52.5,13.4,40,5,WIFI
            00:11:22:33:44:56,cafe,[ESS],2024-05-01 10:00:01,6,-70,95.5,13.4,40,5,WIFI

            """.write(toFile: survey, atomically: true, encoding: .utf8)
        let strict = await CLIRun(["import", "--db", map, "--strict", survey])
        #expect(strict.status == 65)
        #expect(strict.errors.contains("line 4"))
        let stats = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(stats.output.contains("\"accessPoints\":0"))
        let lenient = await CLIRun(["import", "--db", map, survey])
        #expect(lenient.status == 0)
        #expect(lenient.output.contains("1 imported, 1 rejected"))
    }

    @Test func unknownFormatIsAUsageError() async {
        let run = await CLIRun(["import", "--format", "kml", "x.kml"])
        #expect(run.status == 64)
        #expect(run.errors.contains("unknown format 'kml'"))
        #expect(run.errors.contains("Usage: whereabouts import"))
    }
}
