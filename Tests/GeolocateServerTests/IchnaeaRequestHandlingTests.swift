import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport
import TownTestSupport

@testable import GeolocateServer

/// Request handling as Mozilla Ichnaea's own API tests specify it (`ichnaea/api/locate/tests/`),
/// asked of a real server over loopback HTTP.
@Suite(.preparing(TestTown.fixture)) struct IchnaeaRequestHandlingTests {
    private func withServer(_ body: (HTTPTestClient) throws -> Void) throws {
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: TestTown.shared.path))
        defer { server.stop() }
        try body(try HTTPTestClient(port: server.port))
    }

    private var query: String { TestTown.shared.queries[0] }

    private func answer(_ client: HTTPTestClient, _ body: String, headers: [String] = []) throws -> HTTPTestClient.Response {
        try client.post("/v1/geolocate", body, headers: headers)
        return try #require(try client.readResponse())
    }

    private static func reason(_ response: HTTPTestClient.Response) throws -> JSONValue? {
        try JSONParser.parse(response.body)["error"]?["errors"]?[0]?["reason"]
    }

    /// The query with its object edited.
    private func edited(_ change: (inout JSONObject) -> Void) throws -> String {
        guard case .object(var object) = try JSONParser.parse(query) else { throw HTTPTestClient.Failure(description: "query") }
        change(&object)
        return Self.text(.object(object))
    }

    private static func text(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func anEmptyBodyIsAnEmptyRequest() throws {
        try withServer { client in
            for (body, headers) in [("", [String]()), ("  \n", [])] {
                let response = try answer(client, body, headers: headers)
                #expect(response.status == 404)
                #expect(try Self.reason(response) == "notFound")
            }
            // Firefox's first request: a POST with no Content-Length and no body at all.
            try client.send("POST /v1/geolocate HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try client.readResponse()?.status == 404)
        }
    }

    @Test func gzipBodiesAreReadAndCorruptOnesRefused() throws {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        gzip.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(Data(query.utf8))
        try input.fileHandleForWriting.close()
        let compressed = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        gzip.waitUntilExit()
        try withServer { client in
            let plain = try answer(client, query)
            #expect(plain.status == 200)
            try client.send(Array("POST /v1/geolocate HTTP/1.1\r\nContent-Encoding: gzip\r\nContent-Length: \(compressed.count)\r\n\r\n".utf8) + compressed)
            let decoded = try #require(try client.readResponse())
            #expect(decoded.status == 200)
            #expect(decoded.body == plain.body)
            let corrupt = try answer(client, query, headers: ["Content-Encoding: gzip"])
            #expect(corrupt.status == 400)
            #expect(try Self.reason(corrupt) == "parseError")
            #expect(try answer(client, query, headers: ["Content-Encoding: br"]).status == 415)
        }
    }

    @Test func chunkedBodiesAreRead() throws {
        let bytes = Array(query.utf8)
        var chunked = "POST /v1/geolocate HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        for start in stride(from: 0, to: bytes.count, by: 100) {
            let piece = bytes[start..<min(start + 100, bytes.count)]
            chunked += String(piece.count, radix: 16) + ";ext=1\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
        }
        chunked += "0\r\nX-Trailer: 1\r\n\r\n"
        try withServer { client in
            let plain = try answer(client, query)
            try client.send(chunked + "GET /health HTTP/1.1\r\n\r\n")
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            #expect(response.body == plain.body)
            #expect(try client.readResponse()?.status == 200, "the request after a chunked one is read too")
        }
    }

    static let notRequests: [(String, String)] = [
        ("macAddress as a number", #"{"wifiAccessPoints":[{"macAddress":12345,"signalStrength":-60}]}"#),
        ("signalStrength as a word", #"{"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":"strong"}]}"#),
        ("radioType umts", #"{"cellTowers":[{"radioType":"umts","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":1}]}"#),
        ("top-level radioType umts", #"{"radioType":"umts","cellTowers":[{"mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":1}]}"#),
        ("an entry that is not an object", #"{"wifiAccessPoints":["02:00:00:00:00:01"]}"#),
    ]

    @Test(arguments: notRequests)
    func bodiesThatAreNotRequestsAreParseErrors(_ name: String, _ body: String) throws {
        try withServer { client in
            let response = try answer(client, body)
            #expect(response.status == 400, "\(name)")
            #expect(try Self.reason(response) == "parseError", "\(name)")
        }
    }

    @Test func numericStringsAndUnknownFieldsAreAccepted() throws {
        let stringly = try edited { object in
            guard case .array(let accessPoints)? = object["wifiAccessPoints"] else { return }
            object["wifiAccessPoints"] = .array(accessPoints.map { entry in
                guard case .object(var fields) = entry, let signal = fields["signalStrength"]?.doubleValue else { return entry }
                fields["signalStrength"] = .string(String(Int(signal)))
                fields["unknownVendorField"] = .array([1, 2])
                return .object(fields)
            })
            object["someFutureField"] = .object(["nested": true])
            object["considerIp"] = false
            object["fallbacks"] = .object(["ipf": false])
        }
        try withServer { client in
            let plain = try answer(client, query)
            let response = try answer(client, stringly)
            #expect(response.status == 200)
            #expect(try JSONParser.parse(response.body)["location"] == JSONParser.parse(plain.body)["location"])
        }
    }

    @Test func moreAccessPointsThanUsedTakeTheStrongest() throws {
        let crowded = try edited { object in
            guard case .array(let accessPoints)? = object["wifiAccessPoints"] else { return }
            let weak: [JSONValue] = (0..<600).map { index in
                .object(["macAddress": .string(String(format: "02:00:00:00:%02x:%02x", index / 256, index % 256)),
                         "signalStrength": -100])
            }
            object["wifiAccessPoints"] = .array(weak + accessPoints)
        }
        try withServer { client in
            let plain = try answer(client, query)
            let response = try answer(client, crowded)
            #expect(response.status == 200)
            let answer = try JSONParser.parse(response.body)
            #expect(answer["location"] == (try JSONParser.parse(plain.body)["location"]))
            let notes = answer["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(notes.contains { $0.contains("the 512 strongest used") }, "\(notes)")
        }
    }

    @Test func areaAnswersSayLacfAndLacfFalseRefusesThem() throws {
        let cellQuery = try #require(TestTown.shared.queries.first { $0.contains("cellTowers\":[{") })
        guard case .object(var object) = try JSONParser.parse(cellQuery), case .array(let cells)? = object["cellTowers"],
              case .object(var cell) = cells.first else {
            Issue.record("no cell query")
            return
        }
        // A cell the map does not know, in an area it knows: only the area answers.
        cell["cellId"] = 9_999
        object = ["cellTowers": .array([.object(cell)])]
        let areaOnly = Self.text(.object(object))
        object["fallbacks"] = .object(["lacf": false])
        let noArea = Self.text(.object(object))
        try withServer { client in
            let area = try answer(client, areaOnly)
            #expect(area.status == 200, "\(area.body)")
            #expect(try JSONParser.parse(area.body)["fallback"] == "lacf")
            let refused = try answer(client, noArea)
            #expect(refused.status == 404)
            let exact = try answer(client, cellQuery)
            #expect(exact.status == 200)
            #expect(try JSONParser.parse(exact.body)["fallback"] == nil)
        }
    }
}
