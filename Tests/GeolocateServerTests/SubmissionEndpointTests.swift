import Foundation
import JSONCodec
import PositioningCore
import Testing

@testable import GeolocateServer

/// Submissions are never lost: every submission endpoint stores what it accepts, GeoClue 2.6's
/// body whichever of them it reaches, and the next request is answered from it.
@Suite struct SubmissionEndpointTests {
    // Inside the simulated town (52.52 N, 13.405 E), whose map the server answers from.
    /// GeoClue 2.6's upload: Ichnaea's v1 geosubmit items, the position's fields on the item.
    private static func geoClue26Body(_ prefix: String, latitude: Double) -> String {
        #"""
        {"items":[{"latitude":\#(latitude),"longitude":13.405,"accuracy":8,"altitude":520,"altitudeAccuracy":10,
          "timestamp":\#(Int(Date().timeIntervalSince1970 * 1000)),"radioType":"gsm",
          "wifiAccessPoints":[{"macAddress":"\#(prefix):01","frequency":2412,"signalStrength":-55},
                              {"macAddress":"\#(prefix):02","frequency":2437,"signalStrength":-61}]}]}
        """#
    }

    private static func locate(_ prefix: String) -> String {
        #"{"wifiAccessPoints":[{"macAddress":"\#(prefix):01","signalStrength":-55},{"macAddress":"\#(prefix):02","signalStrength":-61}]}"#
    }

    // Globally administered addresses: a locally administered one (a phone hotspot) is never used.
    @Test(arguments: [("/v1/submit", 204, "00:1b:2c:3d:5e"), ("/v1/geosubmit", 200, "00:1b:2c:3d:6e"),
                      ("/v2/geosubmit", 200, "00:1b:2c:3d:7e")])
    func geoClue26BodyIsStoredAndAnswersTheNextRequest(_ path: String, _ status: Int, _ prefix: String) throws {
        let (directory, mapPath) = try TestRadioMap.shared.copy()
        _ = directory
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: mapPath, acceptsSubmissions: true))
        defer { server.stop() }
        let client = try HTTPTestClient(port: server.port)
        try client.post("/v1/geolocate", Self.locate(prefix))
        #expect(try client.readResponse()?.status == 404, "unknown before the submission")
        try client.post(path + "?key=geoclue", Self.geoClue26Body(prefix, latitude: 52.5201))
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
        let (directory, mapPath) = try TestRadioMap.shared.copy()
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
