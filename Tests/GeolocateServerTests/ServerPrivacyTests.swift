import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport
import TownTestSupport

@testable import GeolocateServer

/// What other machines and web pages may ask of a server that listens on loopback.
@Suite(.preparing(TestTown.fixture)) struct ServerPrivacyTests {
    private func withServer(allowedOrigin: String? = nil, _ body: (GeolocateServer) throws -> Void) throws {
        var configuration = ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: TestTown.shared.path,
            acceptsSubmissions: false)
        configuration.allowedOrigin = allowedOrigin
        let server = try GeolocateServer(configuration: configuration)
        defer { server.stop() }
        try body(server)
    }

    private var query: String { TestTown.shared.queries[0] }

    private static func reason(_ response: HTTPTestClient.Response) throws -> JSONValue? {
        try JSONParser.parse(response.body)["error"]?["errors"]?[0]?["reason"]
    }

    @Test func noCORSByDefaultAndWebPagesAreRefusedOnEveryEndpoint() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", query)
            let plain = try #require(try client.readResponse())
            #expect(plain.status == 200)
            #expect(plain.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
            for path in ["/v1/geolocate", "/v1/submit", "/v1/geosubmit", "/v2/geosubmit"] {
                try client.post(path, query, headers: ["Origin: https://evil.example", "Content-Type: text/plain"])
                let refused = try #require(try client.readResponse())
                #expect(refused.status == 403, "\(path)")
                #expect(try Self.reason(refused) == "originNotAllowed", "\(path)")
                #expect(refused.headers["access-control-allow-origin"] == nil)
            }
            try client.send("OPTIONS /v1/geolocate HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nAccess-Control-Request-Method: POST\r\n\r\n")
            let preflight = try #require(try client.readResponse())
            #expect(preflight.status == 403)
            #expect(preflight.headers["access-control-allow-origin"] == nil)
        }
    }

    @Test func aRebindingHostIsRefusedAndOwnHostsAnswer() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            let body = query
            for (host, status) in [("attacker.example:8088", 403), ("localhost:\(server.port)", 200), ("127.0.0.1", 200),
                                   ("[::1]:\(server.port)", 200), ("LOCALHOST", 200)] {
                try client.send("POST /v1/geolocate HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                let response = try #require(try client.readResponse())
                #expect(response.status == status, "Host \(host)")
                if status == 403 { #expect(try Self.reason(response) == "hostNotAllowed") }
            }
        }
    }

    @Test func anAllowedOriginGetsCORSAndItsPreflight() throws {
        try withServer(allowedOrigin: "https://maps.example") { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send("OPTIONS /v1/geolocate HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://maps.example\r\nAccess-Control-Request-Method: POST\r\n\r\n")
            let preflight = try #require(try client.readResponse())
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "https://maps.example")
            #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
            try client.post("/v1/geolocate", query, headers: ["Origin: https://maps.example"])
            let answer = try #require(try client.readResponse())
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"] == "https://maps.example")
            try client.post("/v1/geolocate", query, headers: ["Origin: https://other.example"])
            #expect(try client.readResponse()?.status == 403)
        }
    }

    @Test func anotherMachineNeedsTwoDistinctNetworks() throws {
        guard let source = HTTPTestClient.nonLoopbackAddress() else {
            print("skipped: this machine has no IPv4 address but loopback")
            return
        }
        let request = try GeolocateRequest.parse(Array(query.utf8))
        let strongest = try #require(request.wifiAccessPoints.max { ($0.signalStrength ?? -200) < ($1.signalStrength ?? -200) })
        let one = #"{"wifiAccessPoints":[{"macAddress":"\#(strongest.bssid)","signalStrength":-50}]}"#
        let twice = #"{"wifiAccessPoints":[{"macAddress":"\#(strongest.bssid)","signalStrength":-50},{"macAddress":"\#(strongest.bssid)","signalStrength":-52}]}"#
        try withServer { server in
            let local = try HTTPTestClient(port: server.port)
            try local.post("/v1/geolocate", one)
            let owner = try #require(try local.readResponse())
            #expect(owner.status == 200, "the machine's owner may ask about one access point")
            let remote = try HTTPTestClient(port: server.port, source: source)
            for body in [one, twice] {
                try remote.post("/v1/geolocate", body)
                #expect(try remote.readResponse()?.status == 404, "one network, duplicates counting once")
            }
            try remote.post("/v1/geolocate", query)
            #expect(try remote.readResponse()?.status == 200)
        }
    }
}
