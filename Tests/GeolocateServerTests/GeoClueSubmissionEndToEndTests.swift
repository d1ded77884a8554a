import Foundation
import JSONCodec
import PositioningCore
import TestSupport
import Testing
import TownTestSupport

@testable import GeolocateServer

/// The real GeoClue 2.6 submits to `whereabouts serve --accept-submissions`: its only
/// submission source is the modem's GNSS (`[modem-gps]`), so the simulated modem is a Quectel
/// EC25 with an NMEA port on a real ModemManager, reporting a fix; GeoClue uploads that fix
/// with the Wi-Fi the wpa_supplicant stand-in serves (access points the map does not know),
/// once where-am-i asks for an exact location. Then `db imports` lists the upload, and the
/// next request for those access points is answered at the fix.
@Suite(.preparing(TestTown.fixture), .enabled(if: GeoClueLab.canRun && GeoClueLab.canServeWiFi, GeoClueLab.skipReason))
struct GeoClueSubmissionEndToEndTests {
    private static let fix = Coordinate(latitude: 52.5231, longitude: 13.4012)

    // /v1/submit is GeoClue 2.6's own path; /v2/geosubmit is what the README once told 2.6
    // users to configure. Globally administered addresses no other test uses.
    @Test(arguments: [("/v1/submit", "00:1c:2d:3e:4f"), ("/v2/geosubmit", "00:1c:2d:3e:5f")])
    func geoClue26sUploadIsStoredAndAnswersTheNextRequest(_ path: String, _ prefix: String) async throws {
        let (directory, database) = try TestTown.shared.copy()
        let bssids = (1...3).map { "\(prefix):0\($0)" }
        let query = #"{"wifiAccessPoints":[\#(bssids.map { #"{"macAddress":"\#($0)","signalStrength":-60}"# }.joined(separator: ","))]}"#
        try answer(query, from: database) { response in
            #expect(response.status == 404, "the map does not know them before the upload")
        }
        let importsBefore = try imports(of: database).count

        let scans = directory.path("scans.json")
        let scan = bssids.enumerated().map { index, bssid in
            #"{"bssid":"\#(bssid)","ssid":"lab-\#(index)","signal":\#(-55 - 6 * index),"frequency":2412}"#
        }
        try "[[\(scan.joined(separator: ","))]]".write(toFile: scans, atomically: true, encoding: .utf8)
        let output = try await GeoClueLab(directory: directory, database: database, scans: scans,
                                          submission: (Self.fix, path)).run()
        try #require(output.contains("\nDONE"), "the lab did not finish:\n\(output)")
        let status = path == "/v1/submit" ? 204 : 200
        #expect(output.contains("\"POST \(path)\" \(status)"), "\(output)")
        #expect(!output.contains("\"POST \(path)\" 400"), "no upload refused:\n\(output)")

        let imports = try imports(of: database)
        #expect(imports.count > importsBefore, "db imports lists the upload")
        let upload = try #require(imports.last)
        #expect(upload["format"]?.stringValue == "geosubmit", "\(upload)")
        #expect(upload["rowsImported"]?.doubleValue == 1, "GeoClue's one item stored: \(upload)")
        #expect(upload["rowsRejected"]?.doubleValue == 0, "\(upload)")
        try answer(query, from: database) { response in
            #expect(response.status == 200, "\(response.body)")
            let body = try JSONParser.parse(response.body)
            let answered = Coordinate(latitude: body["location"]?["lat"]?.doubleValue ?? 0,
                                      longitude: body["location"]?["lng"]?.doubleValue ?? 0)
            #expect(Geodesy.distance(from: answered, to: Self.fix) < 10, "answered at GeoClue's fix: \(response.body)")
        }
    }

    /// `whereabouts db imports --json` on `database`.
    private func imports(of database: String) throws -> [JSONValue] {
        let result = try CommandRunner.whereabouts(["db", "imports", "--json", "--db", database])
        try #require(result.status == 0, "\(result.standardError)")
        return try JSONParser.parse(Array(result.standardOutput.utf8)).arrayValue ?? []
    }

    /// Asks a server on `database` (over loopback HTTP) for `query`.
    private func answer(_ query: String, from database: String, _ check: (HTTPTestClient.Response) throws -> Void) throws {
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: database, acceptsSubmissions: false))
        defer { server.stop() }
        let client = try HTTPTestClient(port: server.port)
        try client.post("/v1/geolocate", query)
        try check(try #require(try client.readResponse()))
    }
}
