import Foundation
import JSONCodec
import RadioMap
import TestSupport
import Testing
import TownTestSupport

@testable import GeolocateServer

/// `/v1/country` as Ichnaea's region API answers it, over loopback HTTP.
@Suite(.preparing(TestTown.fixture)) struct CountryEndpointTests {
    private static let notFound =
        #"{"error":{"code":404,"message":"Not found","errors":[{"domain":"geolocation","reason":"notFound","message":"Not found"}]}}"#

    private func withServer(map: String, _ body: (HTTPTestClient) throws -> Void) throws {
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: map, acceptsSubmissions: false))
        defer { server.stop() }
        try body(try HTTPTestClient(port: server.port))
    }

    private static func cell(mcc: Int) -> String {
        #"{"cellTowers":[{"radioType":"lte","mobileCountryCode":\#(mcc),"mobileNetworkCode":1,"locationAreaCode":43981,"cellId":115668}]}"#
    }

    @Test(arguments: [(262, "DE", "Germany"), (228, "CH", "Switzerland"), (235, "GB", "United Kingdom"), (722, "AR", "Argentina")])
    func aCellsCountryCodeNamesItsCountryKnownCellOrNot(_ mcc: Int, _ code: String, _ name: String) throws {
        try withServer(map: TestTown.shared.path) { client in
            try client.post("/v1/country?key=test", Self.cell(mcc: mcc))
            let response = try #require(try client.readResponse())
            #expect(response.status == 200)
            #expect(response.body == #"{"country_code":"\#(code)","country_name":"\#(name)"}"#)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        }
    }

    @Test func theWiFiPositionNamesTheCountryThroughThePlaces() throws {
        let (directory, map) = try TestTown.shared.copy()
        _ = directory
        let query = TestTown.shared.queries[0]
        // Without places the server cannot tell which country a Wi-Fi position is in.
        try withServer(map: map) { client in
            try client.post("/v1/geolocate", query)
            #expect(try client.readResponse()?.status == 200)
            try client.post("/v1/country", query)
            let response = try #require(try client.readResponse())
            #expect(response.status == 404)
            #expect(response.body == Self.notFound)
        }
        do {
            let radioMap = try RadioMap(path: map, mode: .readWrite)
            for file in ["places_sample.txt", "countryInfo_sample.txt", "admin1_sample.txt"] {
                _ = try radioMap.importSurvey(at: TestPaths.fixture("places/" + file).path, options: ImportOptions(), progress: nil)
            }
        }
        // The town lies in Berlin (52.52 N, 13.405 E): the nearest imported place is German.
        try withServer(map: map) { client in
            try client.post("/v1/country", query)
            let response = try #require(try client.readResponse())
            #expect(response.status == 200, "\(response.body)")
            #expect(response.body == #"{"country_code":"DE","country_name":"Germany"}"#)
        }
    }

    @Test func requestsThatNameNoCountry() throws {
        try withServer(map: TestTown.shared.path) { client in
            // 310 and 425 are shared (the United States and its territories; Israel and Palestine):
            // with no position to tell them apart, not found; 999 is no country's.
            for body in ["{}", "", Self.cell(mcc: 310), Self.cell(mcc: 425), Self.cell(mcc: 999),
                         #"{"wifiAccessPoints":[{"macAddress":"00:1b:2c:3d:4e:01"},{"macAddress":"00:1b:2c:3d:4e:02"}]}"#] {
                try client.post("/v1/country", body)
                let response = try #require(try client.readResponse())
                #expect(response.status == 404, "\(body)")
                #expect(response.body == Self.notFound, "\(body)")
            }
            // Ichnaea's region API takes GET too: no radios, and no GeoIP here.
            try client.send("GET /v1/country HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try client.readResponse()?.status == 404)
        }
    }

    @Test func bodiesThatAreNotRequestsAre400AndOtherMethods405() throws {
        try withServer(map: TestTown.shared.path) { client in
            for body in ["{", #"{"cellTowers":[{"radioType":"umts","mobileCountryCode":262}]}"#, #"{"cellTowers":"262"}"#] {
                try client.post("/v1/country", body)
                let response = try #require(try client.readResponse())
                #expect(response.status == 400, "\(body)")
                #expect(try JSONParser.parse(response.body)["error"]?["errors"]?[0]?["reason"] == "parseError", "\(body)")
            }
            try client.send("PUT /v1/country HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}")
            let refused = try #require(try client.readResponse())
            #expect(refused.status == 405)
            #expect(refused.headers["allow"] == "GET, HEAD, POST")
        }
    }
}
