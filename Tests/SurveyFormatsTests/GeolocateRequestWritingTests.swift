import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import SurveyFormats

@Suite struct GeolocateRequestWritingTests {
    @Test func writesTheGeolocateShape() throws {
        let cell = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20_714_553)
        let request = GeolocateRequest(
            wifiAccessPoints: [
                WiFiObservation(bssid: BSSID("01:23:45:67:89:ab")!, signalStrength: -51, frequency: 2412, ssid: "Café \"Ü\""),
                WiFiObservation(bssid: BSSID("01:23:45:67:89:cd")!),
            ],
            cellTowers: [CellObservation(identity: cell, signalStrength: -97.5, timingAdvance: 3)],
            considerIp: false)
        #expect(request.jsonString == #"{"considerIp":false,"wifiAccessPoints":[{"macAddress":"01:23:45:67:89:ab","signalStrength":-51,"frequency":2412,"ssid":"Café \"Ü\""},{"macAddress":"01:23:45:67:89:cd"}],"cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":2,"locationAreaCode":44803,"cellId":20714553,"signalStrength":-97.5,"timingAdvance":3}]}"#)
        #expect(GeolocateRequest().jsonString == "{}")
    }

    @Test(arguments: ["mls-example.json", "google-example.json", "laptop-30-aps.json", "geoclue-wifi.json", "geoclue-empty.json"])
    func roundTripsThroughTheParser(fixture: String) throws {
        let request = try GeolocateRequest.parse(try Data(contentsOf: TestPaths.fixture("geolocate/\(fixture)")))
        #expect(try GeolocateRequest.parse(request.jsonBytes) == request)
    }

    @Test func writesFieldsIntoAnOpenObject() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("time")
        writer.write(Date(timeIntervalSince1970: 0))
        GeolocateRequest(wifiAccessPoints: [WiFiObservation(bssid: BSSID(rawValue: 1), signalStrength: -40)]).writeFields(to: &writer)
        writer.endObject()
        #expect(writer.string == #"{"time":"1970-01-01T00:00:00.000Z","wifiAccessPoints":[{"macAddress":"00:00:00:00:00:01","signalStrength":-40}]}"#)
    }
}
