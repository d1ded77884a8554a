import Foundation
import JSONCodec
import PositioningCore
import SystemSupport
import TestSupport
import Testing
import TownTestSupport

/// A real browser through `serve`: headless Firefox ESR with its network geolocation pointed at
/// a loopback server, a page asking `navigator.geolocation` (Tests/Fixtures/firefox).
@Suite(.preparing(TestTown.fixture), .serialized, .enabled(if: FirefoxPage.canRun, FirefoxPage.skipReason))
struct FirefoxGeolocationTests {
    /// `watchPosition` gets what Whereabouts computes from the Wi-Fi Firefox reports (read from a
    /// NetworkManager stand-in on a private system bus): within a metre of `locate --request` on
    /// that scan as Firefox sends it (dash-separated MACs, signal from NetworkManager's
    /// percentage). The bodyless request Firefox sends first is a 404 without
    /// `--local-sources`, which a watch survives.
    @Test(.enabled(if: FirefoxPage.canScanWiFi, "needs dbus-daemon and python3-gi for the NetworkManager stand-in"))
    func aPagesWatchGetsThePositionOfTheWiFiFirefoxHears() async throws {
        let scan = try #require(
            TestTown.shared.queries.lazy.map { try? GeolocateRequest.parse(Array($0.utf8)) }
                .compactMap { $0 }.first { $0.wifiAccessPoints.count >= 3 && $0.cellTowers.isEmpty }?.wifiAccessPoints)
        // NetworkManager reports strength as a percentage; Firefox sends it as % / 2 − 100 dBm.
        let heard = scan.map { reading in
            (bssid: reading.bssid, percent: 2 * (max(-100, min(-50, Int((reading.signalStrength ?? -80).rounded()))) + 100))
        }.sorted { $0.percent > $1.percent }
        let asFirefoxSends = heard.map { entry in
            #"{"macAddress":"\#(entry.bssid.description.replacingOccurrences(of: ":", with: "-"))","signalStrength":\#(entry.percent / 2 - 100)}"#
        }
        let request = #"{"wifiAccessPoints":[\#(asFirefoxSends.joined(separator: ","))]}"#
        let located = try CommandRunner.whereabouts(["locate", "--request", "-", "--db", TestTown.shared.path], input: request)
        #expect(located.status == 0, "\(located.standardError)")
        let expected = try JSONParser.parse(Array(located.standardOutput.utf8))

        let directory = TemporaryDirectory("firefox-wifi")
        let server = try await RunningServe.start(map: TestTown.shared.path, log: directory.path("serve.err"))
        defer { server.killIfRunning() }
        let page = try await FirefoxPage.run(
            endpoint: server.endpoint, watch: true, wifi: heard.enumerated().map { "\($1.bssid),lab-\($0),\($1.percent)" },
            directory: directory)
        #expect(await server.terminate() == .exited(0))
        let position = try #require(page.events.last, "\(page)")
        let latitude = try #require(position["lat"]?.doubleValue, "no position: \(page)")
        let longitude = try #require(position["lng"]?.doubleValue)
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        let computed = Coordinate(
            latitude: try #require(expected["location"]?["lat"]?.doubleValue),
            longitude: try #require(expected["location"]?["lng"]?.doubleValue))
        #expect(Geodesy.distance(from: coordinate, to: computed) < 1, "page \(coordinate), locate \(computed)")
        #expect(abs((position["accuracy"]?.doubleValue ?? 0) - (expected["accuracy"]?.doubleValue ?? -1)) < 0.1)
        // Every answer the page saw before its position was the bodyless request's 404.
        #expect(page.events.dropLast().allSatisfy { $0["error"]?["code"]?.integerValue == 2 }, "\(page)")
        #expect(server.log.contains("\"POST /v1/geolocate\" 200"), "\(server.log)")
    }

    /// With `--local-sources`, Firefox's bodyless request is answered from this machine's GPS (a
    /// real gpsd on loopback fed a receiver's log), so `getCurrentPosition` gets that fix.
    @Test func getCurrentPositionGetsTheLocalGPSFix() async throws {
        let directory = TemporaryDirectory("firefox-gps")
        let gpsd = try await LoopbackGPSD()
        let receiver = RepeatingThread("receiver log", every: .milliseconds(200)) { _ in
            gpsd.send(ServeLocalSourcesTests.receiverLog)
        }
        let outcome = await Result { () async throws -> FirefoxPage in
            try await Self.pageWithLocalSources(gpsd: gpsd, timeout: "10", directory: directory)
        }
        await receiver.stop()
        await gpsd.stop()
        let page = try outcome.get()
        let answer = try #require(page.events.first)
        // gpsd 3.22's own answer for the log (skytraq-fix.log.chk).
        #expect(abs((answer["lat"]?.doubleValue ?? 0) - 44.068729937) < 1e-6, "\(page)")
        #expect(abs((answer["lng"]?.doubleValue ?? 0) - -121.314120767) < 1e-6, "\(page)")
        #expect((answer["accuracy"]?.doubleValue ?? 0) > 0)
    }

    /// Without a local fix the page gets POSITION_UNAVAILABLE (code 2) once the sources have run
    /// out of their budget — not TIMEOUT (3), and not a hang.
    @Test func withoutALocalFixThePageGetsPositionUnavailable() async throws {
        let directory = TemporaryDirectory("firefox-nofix")
        let gpsd = try await LoopbackGPSD()
        let outcome = await Result { () async throws -> FirefoxPage in
            try await Self.pageWithLocalSources(gpsd: gpsd, timeout: "1", directory: directory)
        }
        await gpsd.stop()
        let page = try outcome.get()
        #expect(page.events.count == 1)
        #expect(page.events.first?["error"]?["code"]?.integerValue == 2, "\(page)")
    }

    /// `serve --local-sources --sources gps --gpsd …`, and a page's `getCurrentPosition` through it.
    private static func pageWithLocalSources(gpsd: LoopbackGPSD, timeout: String, directory: TemporaryDirectory) async throws -> FirefoxPage {
        let server = try await RunningServe.start(
            map: TestTown.shared.path, log: directory.path("serve.err"),
            arguments: ["--local-sources", "--sources", "gps", "--gpsd", gpsd.address, "--timeout", timeout],
            environment: ["XDG_DATA_HOME": directory.path("data")])
        defer { server.killIfRunning() }
        let page = try await FirefoxPage.run(endpoint: server.endpoint, watch: false, wifi: [], directory: directory)
        #expect(await server.terminate() == .exited(0))
        return page
    }
}

extension RunningServe {
    /// The URL Firefox's `geo.provider.network.url` is set to.
    var endpoint: String { "http://127.0.0.1:\(port)/v1/geolocate?key=test" }
}

extension Result where Failure == any Error {
    /// The outcome of `body`, so that what a test started can be stopped before it is looked at.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// One run of `firefox_page.py`: headless Firefox opens a page that asks for the position, and
/// what the page got comes back as `events` (positions `{"lat","lng","accuracy"}`, errors
/// `{"error":{"code"}}`). The script runs as its own process group and is always stopped.
struct FirefoxPage: CustomStringConvertible {
    static let script = TestPaths.fixture("firefox/firefox_page.py").path
    static let firefox = "/usr/bin/firefox-esr"
    static let skipReason: Comment = "needs Debian's firefox-esr and python3 (tools/install-deps --test)"
    /// How long a run may take: a page on a loaded 2-core machine took 8 s to arrive.
    static let deadline = Duration.seconds(120)

    static let canRun = FileManager.default.isExecutableFile(atPath: firefox)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// Whether the NetworkManager stand-in can run (a bus daemon, Python's GLib bindings).
    static let canScanWiFi: Bool = {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            && (try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "from gi.repository import Gio, GLib"],
                                       timeout: .seconds(30)).status) == 0
    }()

    let events: [JSONValue]
    let output: String

    var description: String { output }

    /// Runs the page against `endpoint`; `wifi` entries are `MAC,SSID,PERCENT` for the
    /// NetworkManager stand-in (none: Firefox scans nothing and sends one bodyless request).
    static func run(endpoint: String, watch: Bool, wifi: [String], directory: TemporaryDirectory) async throws -> FirefoxPage {
        var arguments = ["/usr/bin/python3", script, "--endpoint", endpoint, "--firefox", firefox,
                         "--deadline", String(deadline.components.seconds - 10)]
        if watch { arguments.append("--watch") }
        if !wifi.isEmpty { arguments += ["--wifi"] + wifi }
        let (output, errors) = (directory.path("page.out"), directory.path("page.err"))
        let processID = try SpawnedProcess.spawn(
            arguments, output: .files(input: "/dev/null", output: output, errors: errors), ownProcessGroup: true)
        let child = ChildProcess(processID: processID)
        let status = await DedicatedThread.run("firefox page") { () -> ChildProcess.ExitStatus in
            child.waitForExit(before: .now + deadline, checkingEvery: .milliseconds(50))
                ?? child.terminate(gracePeriod: .seconds(15), killingGroup: true)
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let problems = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        guard status == .exited(0), let line = text.split(separator: "\n").last,
              let result = try? JSONParser.parse(Array(line.utf8)), let events = result["events"]?.arrayValue else {
            throw Failure(description: "firefox_page.py ended \(status): \(text)\(problems)")
        }
        // The run is offline: whatever Firefox tries beyond loopback reaches only the refusing proxy.
        #expect(result["outbound"]?.arrayValue?.isEmpty == true, "Firefox tried to leave loopback: \(text)")
        return FirefoxPage(events: events, output: text)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }
}
