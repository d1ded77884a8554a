import Foundation
import JSONCodec
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

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

    /// A phone's GPS-forwarding app in TCP server mode, fed with the same receiver's log.
    @Test func aFixOverTCPMatchesTheReceiver() async throws {
        let feed = try NMEANetworkFeed.tcp(log: Array(try Data(contentsOf: URL(fileURLWithPath: Self.receiverLog))))
        let run = await CLIRun([
            "locate", "--sources", "gps", "--nmea", "tcp://127.0.0.1:\(feed.port)", "--db", "/nonexistent/map.sqlite", "--json",
        ])
        await feed.stop()
        #expect(run.status == 0, "\(run.errors)")
        let response = try JSONParser.parse(Array(run.output.utf8))
        #expect(abs(response["location"]!["lat"]!.doubleValue! - 44.068729937) < 1e-6)
        #expect(abs(response["location"]!["lng"]!.doubleValue! - -121.314120767) < 1e-6)
    }

    /// `watch` keeps the UDP socket open and takes each epoch's latest fix; `status` sees the
    /// datagrams arrive.
    @Test func watchAndStatusReadUDPDatagrams() async throws {
        let port = try LoopbackGPSD.freePort(type: SOCK_DGRAM)
        let feed = NMEANetworkFeed.udp(log: Array(try Data(contentsOf: URL(fileURLWithPath: Self.receiverLog))), to: port)
        // status first: watch's GPS session is closed just after it returns, not before.
        let status = await CLIRun(["status", "--nmea", "udp://127.0.0.1:\(port)", "--json"])
        let watch = await CLIRun([
            "watch", "--sources", "gps", "--nmea", "udp://:\(port)", "--interval", "0.2", "--max-updates", "2", "--json",
        ])
        await feed.stop()
        #expect(watch.status == 0, "\(watch.errors)")
        let fixes = watch.output.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)) }
            .filter { $0["type"]?.stringValue == "fix" }
        #expect(fixes.count == 2)
        for fix in fixes { #expect(abs((fix["location"]?["lat"]?.doubleValue ?? 0) - 44.0687) < 0.01) }
        let gps = try JSONParser.parse(Array(status.output.utf8))["sources"]?[0]
        #expect(gps?["state"]?.stringValue == "available", "\(status.output)")
        #expect(gps?["detail"]?.stringValue == "NMEA sentences arriving from udp://127.0.0.1:\(port)")
    }

    @Test func nmeaAndNmeaDeviceTogetherOrAMalformedURLAreUsageErrors() async {
        let both = await CLIRun(["locate", "--sources", "gps", "--nmea", "udp://:10110", "--nmea-device", Self.receiverLog])
        #expect(both.status == 64)
        #expect(both.errors.contains("--nmea and --nmea-device cannot be combined"))
        let malformed = await CLIRun(["status", "--nmea", "udp:10110"])
        #expect(malformed.status == 64)
        #expect(malformed.errors.contains("--nmea expects tcp://HOST:PORT or udp://[ADDRESS]:PORT"))
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
