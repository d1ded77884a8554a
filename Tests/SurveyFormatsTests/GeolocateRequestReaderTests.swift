import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import SurveyFormats

/// The token-level fast path and the document path must give the same request.
@Suite struct GeolocateRequestReaderTests {
    static let bodies: [String] = GeolocateRequestParsingTests.skippedEntries.map(\.body) + [
        "{}",
        #"{"considerIp":true,"radioType":"lte","cellTowers":[{"mobileCountryCode":262,"mobileNetworkCode":2,"locationAreaCode":1,"cellId":5}]}"#,
        #"{"cellTowers":[{"mobileCountryCode":262,"mobileNetworkCode":2,"locationAreaCode":1,"cellId":5}],"radioType":"wcdma"}"#,
        #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","macAddress":"00:11:22:33:44:55","extra":{"deep":[1,[2]]}}]}"#,
        #"{"fallbacks":{"lacf":true,"ipf":[1,{"a":null}]},"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","ssid":null}]}"#,
        #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","signalStrength":"-50"}]}"#,
        #"{"wifiAccessPoints":[{"macAddress":["aa:bb:cc:dd:ee:ff"]}]}"#,
        #"{"wifiAccessPoints":[],"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff"}]}"#,
        #"{"considerIp":null,"radioType":null,"wifiAccessPoints":null,"cellTowers":null}"#,
    ]

    @Test(arguments: bodies)
    func agreesWithTheDocumentPath(body: String) throws {
        let object = try #require(try JSONParser.parse(body).objectValue)
        let expected = try GeolocateRequest.parse(object)
        if let fast = GeolocateRequestReader.read(body.utf8) {
            #expect(fast == expected)
        }
        #expect(try GeolocateRequest.parse(body.utf8) == expected)
    }

    @Test func readsOrdinaryBodiesWithoutTheDocumentPath() throws {
        for name in ["geoclue-wifi.json", "geoclue-empty.json", "mls-example.json", "google-example.json", "laptop-30-aps.json"] {
            let bytes = try Data(contentsOf: TestPaths.fixture("geolocate/\(name)"))
            let expected = try GeolocateRequest.parse(try #require(try JSONParser.parse(bytes).objectValue))
            #expect(GeolocateRequestReader.read(bytes) == expected, "\(name)")
        }
    }

    @Test(arguments: [
        #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","x":[1,]}]}"#, #"{"a":1} x"#, "[]", #"{"considerIp":1}"#,
        #"{"wifiAccessPoints":["aa:bb:cc:dd:ee:ff"]}"#, #"{"x":"# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}",
    ])
    func leavesAnythingUnusualToTheDocumentPath(body: String) {
        #expect(GeolocateRequestReader.read(body.utf8) == nil)
    }

    @Test func agreesWithTheDocumentPathOnMutatedBodies() throws {
        let original = Array(try Data(contentsOf: TestPaths.fixture("geolocate/mls-example.json")))
        let alphabet = Array(#"{}[]:,"\-0123456789.eE tfnulaz"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var generator = SplitMix64(seed: 8259)
        for _ in 0..<3000 {
            var body = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<body.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: body[index] = alphabet.randomElement(using: &generator)!
                case 1: body.remove(at: index)
                default: body.insert(alphabet.randomElement(using: &generator)!, at: index)
                }
            }
            #expect(Self.outcome { () throws(GeolocateParseError) in try GeolocateRequest.parse(body) }
                == Self.outcome { () throws(GeolocateParseError) in try Self.documentPath(body) },
                "\(String(decoding: body, as: UTF8.self))")
        }
    }

    /// `GeolocateRequest.parse` without its fast path.
    private static func documentPath(_ bytes: [UInt8]) throws(GeolocateParseError) -> GeolocateRequest {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .malformedJSON(error) }
        guard case .object(let object) = document else { throw .notAnObject }
        return try GeolocateRequest.parse(object)
    }

    private static func outcome(
        _ body: () throws(GeolocateParseError) -> GeolocateRequest
    ) -> Result<GeolocateRequest, GeolocateParseError> {
        do throws(GeolocateParseError) { return .success(try body()) } catch { return .failure(error) }
    }
}
