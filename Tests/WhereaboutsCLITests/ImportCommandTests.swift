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
        #expect(!run.output.contains("note:"), "a simulated survey says its clock (whereabouts-simulate)")
        let attributes = try FileManager.default.attributesOfItem(atPath: map)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func rowsOfAPhonesScanCacheAreSetAsideAndSaidSo() async throws {
        // 25 networks heard, then logged again 30 s later with exactly the same signals.
        let temporary = TemporaryDirectory()
        let survey = temporary.path("cache.csv")
        var text = "WigleWifi-1.4,appRelease=2.25,model=test,release=6.0,device=t,display=t,board=t,brand=t\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        for (time, longitude) in [("10:00:00", 13.400), ("10:00:30", 13.403)] {
            for index in 0..<25 {
                text += String(format: "00:11:22:33:44:%02x,n%d,[ESS],2024-05-01 %@,6,%d,52.5,%.3f,40,5,WIFI\n",
                               index, index, time, -60 - index, longitude)
            }
        }
        try text.write(toFile: survey, atomically: true, encoding: .utf8)
        let run = await CLIRun(["import", "--db", temporary.path("map.sqlite"), "--no-calibrate", survey])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("50 rows read, 25 imported, 0 rejected"))
        #expect(run.output.contains("set aside 25 × cached repeat (first lines 28, 29, 30, 31, 32;"))
        #expect(run.output.contains("exactly 25 times, 1 or 2 dB off only 0: the phone's scan cache logged again"))
        let json = await CLIRun(["import", "--db", temporary.path("other.sqlite"), "--no-calibrate", "--json", survey])
        #expect(json.output.contains("\"cachedRepeats\":25"))
        // The app's export names no zone and has no unknown-time marker: the report says how it read the times.
        #expect(run.output.contains("  note: FirstSeen read as UTC: the file names no zone"))
        #expect(json.output.contains("\"notes\":[\"FirstSeen read as UTC"))
        let listed = await CLIRun(["db", "imports", "--db", temporary.path("map.sqlite")])
        #expect(listed.output.contains("25 of 50 rows imported, 0 rejected, 25 set aside as cached repeats  "))
        let listedJSON = await CLIRun(["db", "imports", "--db", temporary.path("map.sqlite"), "--json"])
        #expect(listedJSON.output.contains("\"rowsSetAside\":25"))
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
