import Foundation
import JSONCodec
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

@Suite struct LiveLocateTests {
    /// A real receiver's log (gpsd's regression data) read as an NMEA device.
    static let receiverLog = TestPaths.fixture("gnss/skytraq-fix.log").path

    @Test func aGPSOnlyFixNeedsNoRadioMapAndMatchesTheReceiver() async throws {
        let run = await CLIRun([
            "locate", "--sources", "gps", "--nmea-device", Self.receiverLog, "--db", "/nonexistent/map.sqlite", "--json",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let response = try JSONParser.parse(Array(run.output.utf8))
        // gpsd 3.22's own expected output for this log (skytraq-fix.log.chk): 44.068729937, -121.314120767
        #expect(abs(response["location"]!["lat"]!.doubleValue! - 44.068729937) < 1e-6)
        #expect(abs(response["location"]!["lng"]!.doubleValue! - -121.314120767) < 1e-6)
        #expect(response["source"]?.stringValue == "gps")
        #expect(response["fallback"]?[0]?["outcome"]?.stringValue == "fix")
    }

    @Test func aLiveFixCanBeDrawnAndPrintedAsGeoJSON() async throws {
        let temporary = TemporaryDirectory()
        let picture = temporary.path("fix.svg")
        let run = await CLIRun(["locate", "--sources", "gps", "--nmea-device", Self.receiverLog, "--map", picture, "--geojson"])
        #expect(run.status == 0, "\(run.errors)")
        let geoJSON = try JSONParser.parse(Array(run.output.utf8))
        #expect(geoJSON["type"]?.stringValue == "FeatureCollection")
        #expect(abs((geoJSON["features"]?[0]?["geometry"]?["coordinates"]?[1]?.doubleValue ?? 0) - 44.068729937) < 1e-6)
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("within 27 m"))
        let attributes = try FileManager.default.attributesOfItem(atPath: picture)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func laterSourcesAreSkippedOnceTheDesiredAccuracyIsMet() async throws {
        let run = await CLIRun([
            "locate", "--sources", "gps,wifi", "--desired-accuracy", "kilometre", "--nmea-device", Self.receiverLog,
        ])
        #expect(run.status == 0)
        #expect(run.output.contains("gps: fix"))
        #expect(run.output.contains("wifi: skipped — desired accuracy 1000 m already met"))
    }

    @Test func withNoUsableSourceEachOneSaysWhyAndTheExitIs69() async throws {
        let run = await CLIRun(["locate", "--sources", "gps", "--gpsd", "127.0.0.1:1", "--json"])
        #expect(run.status == 69)
        let response = try JSONParser.parse(Array(run.output.utf8))
        #expect(response["error"]?["code"]?.integerValue == 404)
        #expect(response["fallback"]?[0]?["outcome"]?.stringValue == "unavailable")
        #expect(response["fallback"]?[0]?["reason"]?.stringValue?.contains("127.0.0.1:1") == true)
    }

    @Test func disabledLocationServicesExit78() async throws {
        let temporary = TemporaryDirectory()
        let configuration = temporary.url.appendingPathComponent("whereabouts")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try "enabled = false\n".write(to: configuration.appendingPathComponent("whereabouts.conf"), atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--sources", "gps", "--nmea-device", Self.receiverLog],
                               environment: ["XDG_CONFIG_HOME": temporary.url.path])
        #expect(run.status == 78)
        #expect(run.errors.contains("disabled"))
    }
}
