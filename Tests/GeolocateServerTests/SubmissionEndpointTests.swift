import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport
import TownTestSupport

@testable import GeolocateServer

/// Submissions are never lost: every submission endpoint stores what it accepts, GeoClue 2.6's
/// body (Ichnaea's v0 items) whichever of them it reaches, and the next request is answered
/// from it.
@Suite(.preparing(TestTown.fixture)) struct SubmissionEndpointTests {
    // Inside the simulated town (52.52 N, 13.405 E), whose map the server answers from.
    /// Ichnaea's v1 geosubmit items, the position's fields on the item.
    private static func version1Body(_ prefix: String, latitude: Double) -> String {
        #"""
        {"items":[{"latitude":\#(latitude),"longitude":13.405,"accuracy":8,"altitude":520,"altitudeAccuracy":10,
          "timestamp":\#(Int(Date().timeIntervalSince1970 * 1000)),"radioType":"gsm",
          "wifiAccessPoints":[{"macAddress":"\#(prefix):01","frequency":2412,"signalStrength":-55},
                              {"macAddress":"\#(prefix):02","frequency":2437,"signalStrength":-61}]}]}
        """#
    }

    /// GeoClue 2.6's upload exactly as `gclue_mozilla_create_submit_query` builds it (Ichnaea's
    /// v0 items: `lat`, `lon`, `time` with GeoClue's `%:::z` zone, `wifi` entries of `key`,
    /// `signal`, `frequency`), posted with its `X-Nickname`.
    private static func geoClue26Body(_ prefix: String, latitude: Double) -> String {
        #"""
        {"items":[{"lat":\#(latitude),"lon":13.405,"accuracy":8,"altitude":520,"time":"\#(geoClueTime(Date()))","radioType":"gsm",
          "wifi":[{"key":"\#(prefix):01","signal":-55,"frequency":2412},{"key":"\#(prefix):02","signal":-61,"frequency":2437}]}]}
        """#
    }

    /// A time as GeoClue 2.6 writes it, `%Y-%m-%dT%H:%M:%S%:::z` in local time: here UTC+01.
    private static func geoClueTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date) + "+01"
    }

    private static func locate(_ prefix: String) -> String {
        #"{"wifiAccessPoints":[{"macAddress":"\#(prefix):01","signalStrength":-55},{"macAddress":"\#(prefix):02","signalStrength":-61}]}"#
    }

    // Globally administered addresses: a locally administered one (a phone hotspot) is never used.
    @Test(arguments: [("/v1/submit", 204, "00:1b:2c:3d:5e", false), ("/v1/geosubmit", 200, "00:1b:2c:3d:6e", false),
                      ("/v2/geosubmit", 200, "00:1b:2c:3d:7e", false), ("/v1/submit", 204, "00:1b:2c:3d:4e", true),
                      ("/v1/geosubmit", 200, "00:1b:2c:3d:3e", true), ("/v2/geosubmit", 200, "00:1b:2c:3d:2e", true)])
    func geoClue26AndVersion1BodiesAreStoredAndAnswerTheNextRequest(
        _ path: String, _ status: Int, _ prefix: String, _ version1: Bool
    ) throws {
        let (directory, mapPath) = try TestTown.shared.copy()
        _ = directory
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: mapPath, acceptsSubmissions: true))
        defer { server.stop() }
        let client = try HTTPTestClient(port: server.port)
        try client.post("/v1/geolocate", Self.locate(prefix))
        #expect(try client.readResponse()?.status == 404, "unknown before the submission")
        let body = version1 ? Self.version1Body(prefix, latitude: 52.5201) : Self.geoClue26Body(prefix, latitude: 52.5201)
        try client.post(path + "?key=geoclue", body, headers: ["X-Nickname: geoclue"])
        let stored = try #require(try client.readResponse())
        #expect(stored.status == status, "\(stored.body)")
        #expect(status == 204 ? stored.body.isEmpty : stored.body == "{}")
        try client.post("/v1/geolocate", Self.locate(prefix))
        let answer = try #require(try client.readResponse())
        #expect(answer.status == 200, "\(answer.body)")
        let latitude = try JSONParser.parse(answer.body)["location"]?["lat"]?.doubleValue ?? 0
        #expect(abs(latitude - 52.5201) < 0.001)
    }

    static let storesNothing: [(String, String)] = [
        ("no items", #"{"items":[]}"#),
        ("an item without emitters", #"{"items":[{"latitude":48.1,"longitude":11.5}]}"#),
        ("an item without a position", #"{"items":[{"wifiAccessPoints":[{"macAddress":"0a:1b:2c:3d:8e:01"}]}]}"#),
        ("an empty body", ""),
    ]

    @Test(arguments: storesNothing)
    func aBodyThatStoresNothingIs400WithTheReason(_ name: String, _ body: String) throws {
        let (directory, mapPath) = try TestTown.shared.copy()
        _ = directory
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: mapPath, acceptsSubmissions: true))
        defer { server.stop() }
        let client = try HTTPTestClient(port: server.port)
        for path in ["/v1/submit", "/v1/geosubmit", "/v2/geosubmit"] {
            try client.post(path, body)
            let response = try #require(try client.readResponse())
            #expect(response.status == 400, "\(name) at \(path): \(response.body)")
            let message = try JSONParser.parse(response.body)["error"]?["message"]?.stringValue ?? ""
            #expect(message.count > "Parse Error: ".count, "\(name) at \(path): a reason")
        }
    }
}
