import Foundation
import JSONCodec
import PositioningCore
import Testing

@testable import SurveyFormats

@Suite struct GeolocateResponseTests {
    private static let berlin = Location(
        coordinate: Coordinate(latitude: 52.520006599999, longitude: 13.404954), horizontalAccuracy: 25.04,
        timestamp: Date(timeIntervalSince1970: 1_764_420_649.5), source: .wifi)

    private static func estimate(location: Location = berlin) throws -> PositionEstimate {
        PositionEstimate(
            location: location, method: .accessPointCentroid,
            used: [
                EmitterContribution(emitter: .accessPoint(BSSID("aa:bb:cc:dd:ee:ff")!), weight: 0.41),
                EmitterContribution(emitter: .accessPoint(BSSID("00:11:22:33:44:55")!), weight: 0.59000000000000008),
            ],
            rejected: [
                EmitterRejection(emitter: .accessPoint(BSSID("02:00:00:00:00:01")!), reason: .moved),
                EmitterRejection(emitter: .cell(try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20_714_553)), reason: .outlier),
            ],
            notes: ["Wi-Fi and cell agree"])
    }

    @Test func rendersAnEstimateInIchnaeasShapeWithAdditions() throws {
        let response = GeolocateResponse(estimate: try Self.estimate())
        #expect(response.jsonString == #"{"location":{"lat":52.5200066,"lng":13.404954},"accuracy":40.6,"accuracy68":25.0,"source":"wifi","method":"centroid","emitters":{"used":[{"id":"aa:bb:cc:dd:ee:ff","weight":0.41},{"id":"00:11:22:33:44:55","weight":0.59}],"rejected":[{"id":"02:00:00:00:00:01","reason":"moved"},{"id":"lte/262/2/44803/20714553","reason":"outlier"}]},"notes":["Wi-Fi and cell agree"]}"#)
    }

    @Test func aFingerprintMatchSaysSoWithItsFloorAndBuilding() throws {
        var estimate = try Self.estimate()
        estimate.method = .fingerprint
        estimate.floor = 1
        estimate.building = "1"
        let json = GeolocateResponse(estimate: estimate).jsonString
        #expect(json.contains(#""method":"fingerprint""#))
        #expect(json.contains(#""floor":1"#))
        #expect(json.contains(#""building":"1""#))
    }

    @Test func keepsLocationAndAccuracyWhereEveryGeolocateClientLooks() throws {
        let document = try JSONParser.parse(GeolocateResponse(estimate: try Self.estimate()).jsonBytes)
        #expect(document["location"]?["lat"]?.doubleValue == 52.5200066)
        #expect(document["location"]?["lng"]?.doubleValue == 13.404954)
        #expect(document["location"]?.objectValue?.keys == ["lat", "lng"])
        // `accuracy` is the 95 % circle the geolocate API promises (here derived from the 68 %
        // one by the Rayleigh ratio 1.62, as no calibrated one was set); `accuracy68` beside it.
        #expect(document["accuracy"]?.doubleValue == 40.6)
        #expect(document["accuracy68"]?.doubleValue == 25.0)
        var estimate = try Self.estimate()
        estimate.location.horizontalAccuracy95 = 70
        var response = GeolocateResponse(estimate: estimate)
        #expect(try JSONParser.parse(response.jsonBytes)["accuracy"]?.doubleValue == 70)
        response.accuracyConfidence = .percent68
        let android = try JSONParser.parse(response.jsonBytes)
        #expect(android["accuracy"]?.doubleValue == 25.0 && android["accuracy68"]?.doubleValue == 25.0)
    }

    @Test func addsExtrasOnlyWhenAskedOrValid() throws {
        var location = Self.berlin
        location.altitude = 34.25
        location.verticalAccuracy = 3
        var response = GeolocateResponse(
            estimate: try Self.estimate(location: location), isCached: true,
            fallbackTrail: [["source": "gps", "outcome": "unavailable"], ["source": "wifi", "outcome": "fix"]],
            includesTimestamp: true, extraFields: ["place": "Alexanderplatz"])
        response.estimate.used = []
        response.estimate.rejected = []
        response.estimate.notes = []
        #expect(response.jsonString == #"{"location":{"lat":52.5200066,"lng":13.404954},"accuracy":40.6,"accuracy68":25.0,"altitude":34.3,"verticalAccuracy":3.0,"source":"wifi","method":"centroid","timestamp":"2025-11-29T12:50:49.500Z","cached":true,"emitters":{"used":[],"rejected":[]},"notes":[],"fallback":[{"source":"gps","outcome":"unavailable"},{"source":"wifi","outcome":"fix"}],"place":"Alexanderplatz"}"#)
    }

    @Test(arguments: [-1.0, 0, Double.nan])
    func leavesOutAnUnknownAltitude(verticalAccuracy: Double) throws {
        var location = Self.berlin
        location.altitude = 100
        location.verticalAccuracy = verticalAccuracy
        let document = try JSONParser.parse(GeolocateResponse(estimate: try Self.estimate(location: location)).jsonBytes)
        #expect(document["altitude"] == nil && document["verticalAccuracy"] == nil)
    }

    @Test func writesOneResponsePerLineIntoASharedWriter() throws {
        var writer = JSONWriter()
        GeolocateResponse(estimate: try Self.estimate()).write(to: &writer)
        writer.writeLineBreak()
        GeolocateErrorResponse.notFound.write(to: &writer)
        writer.writeLineBreak()
        let lines = writer.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(try JSONParser.parse(lines[0])["accuracy68"] == 25.0)
        #expect(try JSONParser.parse(lines[1])["error"]?["code"] == 404)
        writer.removeAll()
        GeolocateErrorResponse.parseError().write(to: &writer)
        #expect(try JSONParser.parse(writer.bytes)["error"]?["code"] == 400)
    }

    @Test(arguments: [
        (GeolocateErrorResponse.notFound,
         #"{"error":{"code":404,"message":"Not found","errors":[{"domain":"geolocation","reason":"notFound","message":"Not found"}]}}"#),
        (GeolocateErrorResponse.parseError(),
         #"{"error":{"code":400,"message":"Parse Error","errors":[{"domain":"global","reason":"parseError","message":"Parse Error"}]}}"#),
        (GeolocateErrorResponse(.notAnObject),
         #"{"error":{"code":400,"message":"Parse Error: the request must be a JSON object","errors":[{"domain":"global","reason":"parseError","message":"Parse Error: the request must be a JSON object"}]}}"#),
        (GeolocateErrorResponse(code: 411, reason: "lengthRequired", message: "Content-Length required"),
         #"{"error":{"code":411,"message":"Content-Length required","errors":[{"domain":"global","reason":"lengthRequired","message":"Content-Length required"}]}}"#),
        (GeolocateErrorResponse(code: 413, reason: "payloadTooLarge", message: "Body \"too\" large"),
         #"{"error":{"code":413,"message":"Body \"too\" large","errors":[{"domain":"global","reason":"payloadTooLarge","message":"Body \"too\" large"}]}}"#),
        (GeolocateErrorResponse(code: 503, reason: "serviceUnavailable", message: "Radio map busy", extraFields: ["retryAfter": 1]),
         #"{"error":{"code":503,"message":"Radio map busy","errors":[{"domain":"global","reason":"serviceUnavailable","message":"Radio map busy"}]},"retryAfter":1}"#),
    ])
    func rendersErrorsInGooglesShape(response: GeolocateErrorResponse, expected: String) {
        #expect(response.jsonString == expected)
    }
}
