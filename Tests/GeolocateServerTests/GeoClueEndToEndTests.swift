import Foundation
import Geolocation
import Glibc
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import SystemSupport
import TestSupport
import Testing

@testable import GeolocateServer

/// The real GeoClue 2.6 asks `whereabouts serve` where the machine is, and its `where-am-i`
/// demo prints the position Whereabouts computed: private system bus, GeoClue's config
/// bind-mounted in a mount namespace, all inside a loopback-only network namespace, with the
/// serving cell from a simulated LTE modem on a real ModemManager
/// (`Tests/Fixtures/geoclue/geoclue_e2e.sh`).
@Suite(.enabled(if: GeoClueLab.canRun, GeoClueLab.skipReason))
struct GeoClueEndToEndTests {
    @Test func whereAmIPrintsThePositionWhereaboutsComputed() async throws {
        let directory = TemporaryDirectory("geoclue-e2e")
        let database = directory.path("map.sqlite")
        do {
            let map = try RadioMap(path: database, mode: .readWrite)
            _ = try map.importSurvey(at: TestPaths.fixture("geoclue/lab-cell.opencellid.csv").path, options: ImportOptions(), progress: nil)
        }
        // What Whereabouts answers for the simulated modem's cell (as GeoClue sends it: the
        // LTE TAC 0xABCD as locationAreaCode, the cell id in decimal).
        let cellRequest = #"{"cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":43981,"cellId":115668}]}"#
        let map = try RadioMap(path: database, mode: .readOnly)
        let answer = try GeolocationEngine(radioMap: map).geolocator(using: map)
            .answer(to: try GeolocateRequest.parse(Array(cellRequest.utf8)))
        let expected = try JSONParser.parse(GeolocateJSON.string(for: answer))
        let latitude = try #require(expected["location"]?["lat"]?.doubleValue)
        let longitude = try #require(expected["location"]?["lng"]?.doubleValue)

        let lab = GeoClueLab(directory: directory, database: database)
        let output = try await lab.run()
        let printed = try #require(GeoClueLab.whereAmIPosition(in: output), "where-am-i printed no position:\n\(output)")
        #expect(abs(printed.latitude - latitude) < 1e-5, "\(output)")
        #expect(abs(printed.longitude - longitude) < 1e-5, "\(output)")
        // The position went through the server: GeoClue's cell request was answered with 200.
        #expect(output.contains("\"POST /v1/geolocate\" 200"), "\(output)")
    }
}

/// Runs `geoclue_e2e.sh` under `unshare -n` as its own process group (posix_spawn, default
/// signal dispositions), collects its output and always stops it.
final class GeoClueLab: @unchecked Sendable {
    static let script = TestPaths.fixture("geoclue/geoclue_e2e.sh").path
    static let requirements = [
        "/usr/libexec/geoclue", "/usr/libexec/geoclue-2.0/demos/where-am-i", "/usr/libexec/geoclue-2.0/demos/agent",
        "/usr/sbin/ModemManager", "/usr/bin/mmcli", "/usr/bin/dbus-daemon", "/usr/lib/polkit-1/polkitd",
        "/usr/bin/unshare", "/usr/bin/gdbus", "/usr/bin/python3", "/usr/bin/stdbuf",
    ]

    static let skipReason: Comment = "needs root, network and mount namespaces, geoclue-2.0 (with its demos), modemmanager, dbus-daemon, polkitd"

    /// Root, the packages, and a kernel that lets us make a network namespace.
    static let canRun: Bool = {
        guard geteuid() == 0, requirements.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }),
              FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip") || FileManager.default.isExecutableFile(atPath: "/sbin/ip")
        else { return false }
        return (try? CommandRunner.run(URL(fileURLWithPath: "/usr/bin/unshare"), ["-n", "-m", "true"], timeout: .seconds(30)).status) == 0
    }()

    /// Whether the wpa_supplicant stand-in can run (Python's D-Bus and GLib bindings).
    static let canServeWiFi: Bool = {
        (try? CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import dbus.mainloop.glib, dbus.service; from gi.repository import GLib"],
            timeout: .seconds(30)).status) == 0
    }()

    let directory: TemporaryDirectory
    let database: String
    /// Wi-Fi scans for the wpa_supplicant stand-in (a JSON file), or nil for the cell run.
    let scans: String?

    init(directory: TemporaryDirectory, database: String, scans: String? = nil) {
        self.directory = directory
        self.database = database
        self.scans = scans
    }

    /// How long the lab may run at most: more than its stages' own deadlines added up (120 s
    /// ModemManager, 60 s serve, 20 s the Wi-Fi stand-in, 60 s GeoClue, 90 s where-am-i), so
    /// the script always settles first, with "DONE" or "FAILED <stage>"; this only catches a
    /// script that hangs.
    static let backstop: Duration = .seconds(420)

    /// Starts the lab, waits until it settles ("DONE" or "FAILED …", or it exited), stops it,
    /// returns its output.
    ///
    /// The wait runs on a thread of its own, not on the concurrency pool: the pool has two
    /// threads, and the suite's synchronous tests hold them for seconds each, so a lab polled
    /// from a pool task was resumed only minutes after it had printed "DONE" — by then past a
    /// fixed deadline (the loaded-suite failure of `BENCHMARKS.md`).
    func run() async throws -> String {
        let outputPath = directory.path("lab.out")
        let arguments = ["/usr/bin/unshare", "-n", "/bin/bash", Self.script, directory.url.path,
                         CommandRunner.whereaboutsExecutable.path, database] + (scans.map { [$0] } ?? [])
        let processID: pid_t
        do {
            processID = try SpawnedProcess.spawn(arguments, output: .combined(outputPath), ownProcessGroup: true)
        } catch {
            throw Failure(description: "cannot start unshare")
        }
        defer { Self.stop(processID) }
        func output() -> String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
        let settled = await Deadline(after: Self.backstop).wait(every: .milliseconds(100)) {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            return text.contains("\nDONE") || text.contains("FAILED") || ChildProcess(processID: processID).exitStatusIfExited() != nil
        }
        guard settled else { throw Failure(description: "GeoClue lab still running after \(Self.backstop):\n\(output())") }
        return output()
    }

    /// SIGTERM (the script tears its daemons down), then SIGKILL to the group after 20 s.
    private static func stop(_ processID: pid_t) {
        ChildProcess(processID: processID).terminate(gracePeriod: .seconds(20), killingGroup: true)
    }

    /// The first `Latitude:` and `Longitude:` where-am-i printed after "WHERE-AM-I".
    static func whereAmIPosition(in output: String) -> Coordinate? {
        whereAmIPositions(in: output).first
    }

    /// Every position where-am-i printed after "WHERE-AM-I", in order.
    static func whereAmIPositions(in output: String) -> [Coordinate] {
        // (A parser of where-am-i's text, tolerant of the locale it ran in.)
        guard let start = output.range(of: "WHERE-AM-I") else { return [] }
        let body = output[start.upperBound...]
        let end = body.range(of: "SERVER LOG")?.lowerBound ?? body.endIndex
        func values(_ label: String) -> [Double] {
            body[..<end].split(separator: "\n").filter { $0.hasPrefix(label) }.compactMap { line in
                // where-am-i ends the number with "°" in a UTF-8 locale and "?" in the C locale.
                let number = line.dropFirst(label.count).drop { $0 == " " || $0 == "\t" }
                    .prefix { $0.isNumber || $0 == "." || $0 == "-" }
                return Double(number)
            }
        }
        return zip(values("Latitude:"), values("Longitude:")).map { Coordinate(latitude: $0, longitude: $1) }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }
}

@Suite struct WhereAmIOutputTests {
    @Test(arguments: ["Latitude:    48.137200°\nLongitude:   11.575400°", "Latitude:    48.137200?\nLongitude:   11.575400?"])
    func readsThePositionInAnyLocale(lines: String) {
        let position = GeoClueLab.whereAmIPosition(in: "WHERE-AM-I\nNew location:\n\(lines)\nAccuracy: 1000 meters\n")
        #expect(position == Coordinate(latitude: 48.1372, longitude: 11.5754))
    }
}
