import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

@Suite struct ReplayTraceTests {
    @Test func readsBothTimeFormsScansCellsAndGNSS() throws {
        let text = """
            {"time":1800000000000,"gnss":{"lat":52.52,"lng":13.405,"accuracy":6.5,"altitude":34.5,"speed":1.4,"course":90}}

            {"time":"2027-01-15T08:00:02.500Z","wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":-61,"frequency":2412}],"cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":100,"cellId":7}]}
            {"time":"2027-01-15T09:00:03+01:00","extra":"ignored"}
            """
        let samples = try ReplayTrace.parse(text)
        #expect(samples.count == 3, "the blank line is skipped")
        #expect(samples[0].time == Date(timeIntervalSince1970: 1_800_000_000))
        let gnss = try #require(samples[0].gnss)
        #expect(gnss.coordinate == Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(gnss.horizontalAccuracy == 6.5 && gnss.altitude == 34.5 && gnss.speed == 1.4 && gnss.course == 90)
        #expect(gnss.source == .gps && gnss.timestamp == samples[0].time)
        #expect(samples[1].time.timeIntervalSince1970 == 1_800_000_002.5)
        #expect(samples[1].wifi.first?.bssid == BSSID("02:00:00:00:00:01"))
        #expect(samples[1].wifi.first?.signalStrength == -61)
        #expect(samples[1].cells.first?.identity.cellID == 7)
        #expect(samples[2].time.timeIntervalSince(samples[1].time) == 0.5, "+01:00 is an hour ahead of UTC")
        #expect(samples[2].isEmpty)
    }

    @Test func writtenLinesReadBackUnchanged() throws {
        let sample = RadioSample(
            time: Date(timeIntervalSince1970: 1_800_000_000.25),
            gnss: Location(
                coordinate: Coordinate(latitude: -33.8688197, longitude: 151.2092955), horizontalAccuracy: 4.5,
                altitude: 12, verticalAccuracy: 7.5, timestamp: Date(timeIntervalSince1970: 1_800_000_000.25),
                speed: 1.25, course: 270, source: .gps),
            wifi: [WiFiObservation(bssid: BSSID("aa:bb:cc:00:11:22")!, signalStrength: -70, frequency: 5180, ssid: "café")],
            cells: [CellObservation(identity: try CellIdentity(radio: .nr, mcc: 505, mnc: 2, area: 70000, cellID: 1 << 35), signalStrength: -95)])
        let line = ReplayTrace.line(for: sample)
        #expect(line.hasPrefix(#"{"time":"2027-01-15T08:00:00.250Z""#))
        let read = try #require(try ReplayTrace.parseLine(line, lineNumber: 1))
        #expect(read == sample)
    }

    @Test(arguments: [
        ("[1,2]", "line 4: expected a JSON object, found an array"),
        (#"{"gnss":{"lat":1,"lng":2,"accuracy":3}}"#, #"line 4: missing "time""#),
        (#"{"time":true}"#, #"line 4: "time" must be ISO 8601 text or Unix milliseconds, not a Boolean"#),
        (#"{"time":"yesterday"}"#, #"line 4: "time" "yesterday" is not an ISO 8601 time such as 2026-11-29T12:00:00Z"#),
        (#"{"time":0,"gnss":{"lat":1,"lng":2}}"#, #"line 4: gnss needs a positive "accuracy" (68 % radius in metres)"#),
        (#"{"time":0,"gnss":{"lat":91,"lng":2,"accuracy":5}}"#, "line 4: gnss position 91.0, 2.0 is out of range"),
        (#"{"time":0,"wifiAccessPoints":[{"macAddress":"nonsense"}]}"#, #"line 4: wifiAccessPoints[0]: macAddress "nonsense" is not a MAC address"#),
        (#"{"time":0,"cellTowers":{}}"#, #"line 4: "cellTowers" must be an array, not an object"#),
        (#"{"time":0"#, "line 4: not JSON: unexpected end of input at column 10"),
    ])
    func badLinesAreRefusedWithTheirNumberAndReason(line: String, message: String) {
        let text = "\n{\"time\":0}\n{\"time\":1}\n" + line
        #expect(throws: ReplayTraceError.self) { try ReplayTrace.parse(text) }
        do {
            _ = try ReplayTrace.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func isoTimestampsWithAndWithoutFractionsAndZones() {
        #expect(ISO8601Timestamp.parse("1970-01-01T00:00:00Z")?.timeIntervalSince1970 == 0)
        #expect(ISO8601Timestamp.parse("2000-03-01T00:00:00.125Z")?.timeIntervalSince1970 == 951_868_800.125)
        #expect(ISO8601Timestamp.parse("2000-03-01T01:30:00+0130")?.timeIntervalSince1970 == 951_868_800)
        #expect(ISO8601Timestamp.parse("2000-03-01T00:00:00-05:00")?.timeIntervalSince1970 == 951_886_800)
        #expect(ISO8601Timestamp.parse("2000-03-01T00:00:00") == nil, "a time without a zone is ambiguous")
        #expect(ISO8601Timestamp.parse("2000-13-01T00:00:00Z") == nil)
    }
}
