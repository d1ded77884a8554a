import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import Testing
import TestSupport
import TownTestSupport

@testable import GeolocateServer

/// A real server on an ephemeral loopback port over the simulated town's radio map.
@Suite(.preparing(TestTown.fixture)) struct GeolocateServerTests {
    private func withServer(
        _ adjust: (inout ServerConfiguration) -> Void = { _ in }, databasePath: String? = nil,
        _ body: (GeolocateServer) throws -> Void
    ) throws {
        var configuration = ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: databasePath ?? TestTown.shared.path)
        adjust(&configuration)
        let server = try GeolocateServer(configuration: configuration)
        defer { server.stop() }
        try body(server)
    }

    private var query: String { TestTown.shared.queries[0] }

    @Test func answersGeolocateLikeLocateRequest() throws {
        let map = try RadioMap(path: TestTown.shared.path, mode: .readOnly)
        let answer = try GeolocationEngine(radioMap: map).geolocator(using: map).answer(to: try GeolocateRequest.parse(Array(query.utf8)))
        let expected = GeolocateJSON.string(for: answer)
        try withServer { server in
            #expect(server.port != 0)
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate?key=test", query)
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.body == expected)
        }
    }

    @Test func emptyAndMalformedBodiesGetTheErrorShape() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", "{}")
            let notFound = try #require(try client.readResponse())
            #expect(notFound.status == 404)
            #expect(try JSONParser.parse(notFound.body)["error"]?["errors"]?[0]?["reason"] == "notFound")
            try client.post("/v1/geolocate", "{\"wifiAccessPoints\":[")
            let malformed = try #require(try client.readResponse())
            #expect(malformed.status == 400)
            #expect(try JSONParser.parse(malformed.body)["error"]?["errors"]?[0]?["reason"] == "parseError")
            // Still the same connection: errors in the body do not close it.
            try client.send("GET /health HTTP/1.1\r\n\r\n")
            #expect(try client.readResponse()?.status == 200)
        }
    }

    @Test func keepAliveAndPipeliningOnOneConnection() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            let body = query
            let one = "POST /v1/geolocate HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            try client.send(String(repeating: one, count: 20) + "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n")
            for _ in 0..<20 { #expect(try client.readResponse()?.status == 200) }
            let last = try #require(try client.readResponse())
            #expect(last.body == #"{"status":"ok"}"#)
            #expect(last.headers["connection"] == "close")
            #expect(try client.isClosedByServer())
        }
    }

    @Test(arguments: [
        ("chunked {}: nothing heard", "POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 404),
        ("transfer coding other than chunked", "POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 411),
        ("too large", "POST /v1/geolocate HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n{}", 413),
        ("garbage", "HELLO\r\n\r\n", 400),
        ("HTTP/2", "GET /health HTTP/2.0\r\n\r\n", 505),
        ("unknown path", "GET /nope HTTP/1.1\r\n\r\n", 404),
        ("wrong method", "GET /v1/geolocate HTTP/1.1\r\n\r\n", 405),
        ("submissions off", "POST /v2/geosubmit HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", 403),
    ])
    func refusalsAreJSONErrors(_ name: String, _ request: String, _ status: Int) throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send(request)
            let response = try #require(try client.readResponse(), "\(name)")
            #expect(response.status == status, "\(name)")
            #expect(try JSONParser.parse(response.body)["error"]?["code"] == .number(Double(status)), "\(name)")
        }
    }

    @Test func localScanFillsEmptyRequests() throws {
        let heard = try GeolocateRequest.parse(Array(query.utf8)).wifiAccessPoints
        try withServer({ $0.localScan = { heard } }) { server in
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", "{}")
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            #expect(try JSONParser.parse(response.body)["source"] == "wifi")
        }
    }

    @Test func headerOver16KiBIs431() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send("GET /health HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 20_000) + "\r\n\r\n")
            #expect(try client.readResponse()?.status == 431)
        }
    }

    @Test func slowClientGets408() throws {
        try withServer({ $0.readTimeout = .seconds(1) }) { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send("POST /v1/geolocate HTTP/1.1\r\nContent-Length: 10\r\n\r\n{")
            // Waits on the server's answer (it comes once the timeout has passed), not a sleep.
            #expect(try client.readResponse()?.status == 408)
        }
    }

    @Test func twoHundredSixtyConcurrentConnectionsAreAllServed() throws {
        try withServer { server in
            let clients = try (0..<260).map { _ in try HTTPTestClient(port: server.port) }
            for client in clients { try client.send("GET /health HTTP/1.1\r\n\r\n") }
            for client in clients { #expect(try client.readResponse()?.status == 200) }
            let stats = try HTTPTestClient(port: server.port)
            try stats.send("GET /v1/stats HTTP/1.1\r\n\r\n")
            let body = try JSONParser.parse(try #require(try stats.readResponse()).body)
            #expect(body["connectionsOpen"] == 261)
        }
    }

    @Test func connectionsBeyondTheLimitGet503() throws {
        try withServer({ $0.maximumConnections = 4 }) { server in
            var clients: [HTTPTestClient] = []
            for _ in 0..<4 {
                let client = try HTTPTestClient(port: server.port)
                try client.send("GET /health HTTP/1.1\r\n\r\n")
                #expect(try client.readResponse()?.status == 200)
                clients.append(client)
            }
            let extra = try HTTPTestClient(port: server.port)
            #expect(try extra.readResponse()?.status == 503)
            #expect(server.statistics.value(.connectionsRefused) == 1)
        }
    }

    @Test func submissionsTeachTheRadioMap() throws {
        let (directory, path) = try TestTown.shared.copy()
        _ = directory
        let report = #"""
            {"items":[{"timestamp":1700000000000,"position":{"latitude":48.1371,"longitude":11.5754,"accuracy":8},
             "wifiAccessPoints":[{"macAddress":"0a:1b:2c:3d:4e:01","signalStrength":-55},
                                 {"macAddress":"0a:1b:2c:3d:4e:02","signalStrength":-62},
                                 {"macAddress":"0a:1b:2c:3d:4e:03","ssid":"x_nomap","signalStrength":-62}]},
              {"timestamp":1700000600000,"position":{"latitude":48.1372,"longitude":11.5756,"accuracy":8},
             "wifiAccessPoints":[{"macAddress":"0a:1b:2c:3d:4e:01","signalStrength":-58},
                                 {"macAddress":"0a:1b:2c:3d:4e:02","signalStrength":-60}]}]}
            """#
        try withServer({ $0.acceptsSubmissions = true }, databasePath: path) { server in
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v2/geosubmit?key=test", report)
            let stored = try #require(try client.readResponse())
            #expect(stored.status == 200)
            #expect(stored.body == "{}")
            try client.post("/v2/geosubmit", #"{"items":3}"#)
            #expect(try client.readResponse()?.status == 400)
            // Only geosubmit documents: another survey format is refused, not imported.
            try client.post("/v2/geosubmit", "ssid,bssid,latitude,longitude\nx,0a:1b:2c:3d:4e:09,48.1,11.5\n")
            let refused = try #require(try client.readResponse())
            #expect(refused.status == 400)
            #expect(refused.body.contains("parseError"))
        }
        let map = try RadioMap(path: path, mode: .readOnly)
        let known = try map.accessPoints(for: [BSSID("0a:1b:2c:3d:4e:01")!, BSSID("0a:1b:2c:3d:4e:03")!])
        let learned = try #require(known[BSSID("0a:1b:2c:3d:4e:01")!])
        #expect(abs(learned.coordinate.latitude - 48.137) < 0.01)
        #expect(known[BSSID("0a:1b:2c:3d:4e:03")!] == nil, "an _nomap network must not be stored")
        #expect(try map.accessPoints(for: [BSSID("0a:1b:2c:3d:4e:09")!]).isEmpty)
        // The body went through the geosubmit import path: one recorded import of two items,
        // which `db forget-import` can take back like a file's.
        let record = try #require(try map.imports().last)
        #expect(record.format == "geosubmit")
        #expect(record.rowsRead == 2 && record.rowsImported == 2)
    }

    @Test func statsCountWhatHappened() throws {
        try withServer { server in
            let client = try HTTPTestClient(port: server.port)
            try client.post("/v1/geolocate", query)
            _ = try client.readResponse()
            try client.post("/v1/geolocate", "{}")
            _ = try client.readResponse()
            try client.send("GET /v1/stats HTTP/1.1\r\n\r\n")
            let stats = try JSONParser.parse(try #require(try client.readResponse()).body)
            #expect(stats["found"] == 1)
            #expect(stats["notFound"] == 1)
            #expect(stats["radioMap"]?["accessPoints"]?.integerValue ?? 0 > 0)
        }
    }

    @Test func stopEndsEveryConnection() throws {
        var configuration = ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: TestTown.shared.path)
        configuration.workerCount = 3
        let server = try GeolocateServer(configuration: configuration)
        let client = try HTTPTestClient(port: server.port)
        try client.send("GET /health HTTP/1.1\r\n\r\n")
        #expect(try client.readResponse()?.status == 200)
        server.stop()
        #expect(try client.isClosedByServer())
        server.stop()
    }

    @Test func listenAddresses() {
        #expect(ListenAddress(parsing: "127.0.0.1:8088") == ListenAddress(host: "127.0.0.1", port: 8088))
        #expect(ListenAddress(parsing: "localhost:0")?.isLoopback == true)
        #expect(ListenAddress(parsing: "[::1]:8088")?.isLoopback == true)
        #expect(ListenAddress(parsing: "127.8.9.10:1")?.isLoopback == true)
        #expect(ListenAddress(parsing: "0.0.0.0:8088")?.isLoopback == false)
        #expect(ListenAddress(parsing: "[::]:8088")?.isLoopback == false)
        #expect(ListenAddress(parsing: "192.168.1.2:80")?.isLoopback == false)
        for bad in ["127.0.0.1", "127.0.0.1:", ":80", "127.0.0.1:65536", "example.com:80", "::1:80", "[::1]80", "1.2.3:4"] {
            #expect(ListenAddress(parsing: bad) == nil, "\(bad)")
        }
    }
}
