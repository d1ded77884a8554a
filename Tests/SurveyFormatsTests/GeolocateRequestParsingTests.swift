import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

@testable import SurveyFormats

@Suite struct GeolocateRequestParsingTests {
    private func fixture(_ name: String) throws -> GeolocateRequest {
        let bytes = try Data(contentsOf: TestPaths.fixture("geolocate/\(name)"))
        return try GeolocateRequest.parse(bytes)
    }

    private func parse(_ text: String) throws(GeolocateParseError) -> GeolocateRequest {
        try GeolocateRequest.parse(Array(text.utf8))
    }

    @Test func readsWhatGeoClueSends() throws {
        let request = try fixture("geoclue-wifi.json")
        #expect(request.wifiAccessPoints.map(\.bssid.description) == ["b8:27:eb:12:34:56", "00:1a:2b:3c:4d:5e"])
        #expect(request.wifiAccessPoints.map(\.signalStrength) == [-40, -71])
        #expect(request.cellTowers.isEmpty && request.considerIp == nil && request.skippedEntries.isEmpty)
    }

    @Test(arguments: ["{}", " { } ", #"{"wifiAccessPoints":[]}"#, #"{"wifiAccessPoints":null,"cellTowers":null}"#])
    func acceptsEmptyRequests(text: String) throws {
        #expect(try parse(text) == GeolocateRequest())
        #expect(try fixture("geoclue-empty.json") == GeolocateRequest())
    }

    @Test func readsTheMozillaLocationServiceExample() throws {
        let request = try fixture("mls-example.json")
        #expect(request.considerIp == true)
        #expect(request.wifiAccessPoints == [
            WiFiObservation(bssid: BSSID("01:23:45:67:89:ab")!, signalStrength: -51, frequency: 2412, channel: 11, age: 3),
            WiFiObservation(bssid: BSSID("01:23:45:67:89:cd")!),
        ])
        let identity = try CellIdentity(radio: .wcdma, mcc: 208, mnc: 1, area: 2, cellID: 1_234_567)
        #expect(request.cellTowers == [
            CellObservation(identity: identity, signalStrength: -60, timingAdvance: 1, age: 1, physicalCellID: 3)
        ])
        #expect(request.skippedEntries.isEmpty)
    }

    @Test func cellsTakeGooglesTopLevelRadioType() throws {
        let request = try fixture("google-example.json")
        let identity = try CellIdentity(radio: .gsm, mcc: 310, mnc: 410, area: 415, cellID: 42)
        #expect(request.cellTowers == [CellObservation(identity: identity, signalStrength: -60, timingAdvance: 15, age: 0)])
        #expect(request.wifiAccessPoints.map(\.bssid.description) == ["3c:37:86:5d:75:d4", "30:86:2d:c4:29:d0"])
        #expect(request.considerIp == true)
    }

    @Test func anEntrysOwnRadioTypeWinsOverTheTopLevelOne() throws {
        let request = try parse(#"""
            {"radioType":"gsm","cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":2,
             "locationAreaCode":44803,"cellId":20714553},
             {"radioType":"nr","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"newRadioCellId":68719476735}]}
            """#)
        #expect(request.cellTowers.map(\.identity.description) == ["lte/262/2/44803/20714553", "nr/262/1/1/68719476735"])
    }

    @Test func readsALaptopScan() throws {
        let request = try fixture("laptop-30-aps.json")
        #expect(request.wifiAccessPoints.count == 30)
        #expect(request.wifiAccessPoints.compactMap(\.ssid).contains("Café Müller"))
        #expect(request.cellTowers.count == 1 && request.skippedEntries.isEmpty)
    }

    @Test func readsEveryKnownField() throws {
        let request = try parse(#"""
            {"considerIp":false,"wifiAccessPoints":[{"macAddress":"AA-BB-CC-DD-EE-FF","signalStrength":-61.5,
             "age":1200,"channel":36,"frequency":5180,"ssid":"Caf\u00e9","signalToNoiseRatio":30,"unknownField":[1]}],
             "homeMobileCountryCode":262,"carrier":"Telekom","fallbacks":{"lacf":false},"bluetoothBeacons":[]}
            """#)
        #expect(request.considerIp == false)
        #expect(request.wifiAccessPoints == [
            WiFiObservation(bssid: BSSID("aa:bb:cc:dd:ee:ff")!, signalStrength: -61.5, frequency: 5180, channel: 36, age: 1200, ssid: "Café")
        ])
    }

    @Test func readsNumbersSentAsStringsAndZeroSignalAsUnknown() throws {
        let request = try parse(#"""
            {"wifiAccessPoints":[{"macAddress":"aabbccddeeff","signalStrength":0,"frequency":"2412"}],
             "cellTowers":[{"radioType":"LTE","mobileCountryCode":"262","mobileNetworkCode":"02","locationAreaCode":1,"cellId":"7"}]}
            """#)
        #expect(request.wifiAccessPoints.first?.signalStrength == nil)
        #expect(request.wifiAccessPoints.first?.frequency == 2412)
        #expect(request.cellTowers.first?.identity.description == "lte/262/2/1/7")
    }

    struct Skipped: CustomTestStringConvertible, Sendable {
        let body: String
        let reason: String
        var testDescription: String { reason }
    }

    static let skippedEntries: [Skipped] = [
        Skipped(body: #"{"wifiAccessPoints":[{"macAddress":"not a mac"}]}"#,
                reason: #"wifiAccessPoints[0]: macAddress "not a mac" is not a MAC address"#),
        Skipped(body: #"{"wifiAccessPoints":[{"signalStrength":-50}]}"#, reason: "wifiAccessPoints[0]: missing macAddress"),
        Skipped(body: #"{"wifiAccessPoints":[{"macAddress":42}]}"#,
                reason: "wifiAccessPoints[0]: macAddress must be a string, not a number"),
        Skipped(body: #"{"wifiAccessPoints":["aa:bb:cc:dd:ee:ff"]}"#,
                reason: "wifiAccessPoints[0]: expected an object, not a string"),
        Skipped(body: #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","signalStrength":"strong"}]}"#,
                reason: #"wifiAccessPoints[0]: signalStrength "strong" is not a number"#),
        Skipped(body: #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","channel":1.5}]}"#,
                reason: "wifiAccessPoints[0]: channel 1.5 is not an integer"),
        Skipped(body: #"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:dd:ee:ff","age":true}]}"#,
                reason: "wifiAccessPoints[0]: age must be a number, not a Boolean"),
        Skipped(body: #"{"cellTowers":[{"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1}]}"#,
                reason: "cellTowers[0]: missing cellId"),
        Skipped(body: #"{"cellTowers":[{"mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":1}]}"#,
                reason: "cellTowers[0]: missing radioType"),
        Skipped(body: #"{"cellTowers":[{"radioType":"6g","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":1}]}"#,
                reason: #"cellTowers[0]: radioType "6g" is not gsm, wcdma, lte, nr or cdma"#),
        Skipped(body: #"{"cellTowers":[{"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":300000000}]}"#,
                // A gsm cell id past 16 bits is read as UMTS (as the importer does), up to its 28 bits.
                reason: "cellTowers[0]: cell id 300000000 outside 0…268435455 for wcdma"),
        Skipped(body: #"{"cellTowers":[{"radioType":"lte","mobileCountryCode":0,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":1}]}"#,
                reason: "cellTowers[0]: MCC 0 outside 1…999"),
        Skipped(body: #"{"cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":1,"cellId":1}]}"#,
                reason: "cellTowers[0]: missing locationAreaCode"),
    ]

    @Test(arguments: skippedEntries)
    func skipsUnusableEntriesWithAReason(entry: Skipped) throws {
        let request = try parse(entry.body)
        #expect(request.skippedEntries == [entry.reason])
        #expect(request.wifiAccessPoints.isEmpty && request.cellTowers.isEmpty)
    }

    @Test func keepsTheUsableEntriesBesideSkippedOnes() throws {
        let request = try parse(#"""
            {"wifiAccessPoints":[{"macAddress":"zz"},{"macAddress":"00:11:22:33:44:55","signalStrength":-70},{}],
             "cellTowers":[{"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":300000000},
                           {"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":9}]}
            """#)
        #expect(request.wifiAccessPoints.map(\.bssid.description) == ["00:11:22:33:44:55"])
        #expect(request.cellTowers.map(\.identity.description) == ["gsm/262/1/1/9"])
        #expect(request.skippedEntries == [
            #"wifiAccessPoints[0]: macAddress "zz" is not a MAC address"#,
            "wifiAccessPoints[2]: missing macAddress",
            "cellTowers[0]: cell id 300000000 outside 0…268435455 for wcdma",
        ])
    }

    @Test func aGsmCellWithA28BitIdIsTheUMTSCellTheImporterStores() throws {
        let request = try parse(#"""
            {"cellTowers":[{"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":1,"cellId":99999}]}
            """#)
        #expect(request.cellTowers.map(\.identity.description) == ["wcdma/262/1/1/99999"])
        #expect(request.skippedEntries.isEmpty)
    }

    static let refusedRequests: [(String, GeolocateParseError)] = [
        ("[]", .notAnObject),
        (#""wifiAccessPoints""#, .notAnObject),
        ("null", .notAnObject),
        (#"{"wifiAccessPoints":{}}"#, .wrongType(field: "wifiAccessPoints", expected: "an array", found: "an object")),
        (#"{"cellTowers":"none"}"#, .wrongType(field: "cellTowers", expected: "an array", found: "a string")),
        (#"{"considerIp":"yes"}"#, .wrongType(field: "considerIp", expected: "a Boolean", found: "a string")),
        (#"{"radioType":4}"#, .wrongType(field: "radioType", expected: "a string", found: "a number")),
        ("", .malformedJSON(JSONError(.unexpectedEndOfInput, at: .start))),
        (#"{"wifiAccessPoints":[}"#, .malformedJSON(JSONError(
            .unexpectedByte(UInt8(ascii: "}"), expected: "a value"), at: JSONPosition(offset: 21, line: 1, column: 22)))),
    ]

    @Test(arguments: refusedRequests)
    func refusesWhatIsNotAGeolocateRequest(text: String, expected: GeolocateParseError) {
        #expect(throws: expected) { try parse(text) }
    }

    @Test func parseErrorsReadAsSentences() {
        #expect(GeolocateParseError.wrongType(field: "cellTowers", expected: "an array", found: "a string").description
            == #""cellTowers" must be an array, not a string"#)
        #expect(GeolocateParseError.malformedJSON(JSONError(.trailingContent, at: JSONPosition(offset: 2, line: 1, column: 3))).description
            == "malformed JSON at line 1, column 3 (byte 2): unexpected content after the JSON value")
    }
}
