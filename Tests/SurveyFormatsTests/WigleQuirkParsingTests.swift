import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

/// The quirks of WiGLE-like files, row by row: unquoted commas, LTE filed as GSM, local clocks.
@Suite struct WigleQuirkParsingTests {
    static let header16 = CSVRecord(line: 2, fields: [
        "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "Frequency", "RSSI", "CurrentLatitude",
        "CurrentLongitude", "AltitudeMeters", "AccuracyMeters", "RCOIs", "MfgrId", "Type"])

    static func parse(_ line: String, header: CSVRecord = header16) throws(SurveyRowError) -> SurveyRow {
        try WigleRowParser(header: header).parse(SurveyCSVRecordReaderTests.records(line + "\n")[0])
    }

    @Test(arguments: [
        ("aa:bb:cc:00:00:01,Not yours, friend!,[WPA2_PSK],2025-04-09 10:21:02,4,2427,-91,52.08,4.35,55.1,7.1,,,WIFI", "Not yours, friend!"),
        ("aa:bb:cc:00:00:01,Kitchen,,[OPEN],2025-04-09 10:38:10,2,2417,-73,52.07,4.34,77.5,0.6,,,WIFI", "Kitchen,"),
        ("aa:bb:cc:00:00:01,,x,[OPEN],2025-04-09 10:38:10,2,2417,-73,52.07,4.34,77.5,0.6,,,WIFI", ",x"),
        ("aa:bb:cc:00:00:01,a,b,c,[WEP],2025-04-09 10:38:10,2,2417,-73,52.07,4.34,77.5,0.6,,,WIFI", "a,b,c"),
    ])
    func unquotedCommasInAnSSIDAreMendedWhenOnlyOneReadingFits(line: String, ssid: String) throws {
        guard case .accessPoint(_, let seen) = try Self.parse(line) else { Issue.record("not an AP"); return }
        #expect(seen.ssid == ssid)
        #expect(seen.signalStrength != nil && seen.signalStrength! < -70)
        #expect(seen.position.latitude > 52 && seen.position.longitude < 5)
    }

    @Test(arguments: [
        // An empty extra field fits after the SSID's column set and in RCOIs alike.
        "aa:bb:cc:00:00:01,x,[WPA2_PSK],2025-04-09 10:41:00,6,2437,-88,52.08,4.34,59.7,0.7,,,,WIFI",
        // A stray field between the channel and the RSSI fits nowhere.
        "aa:bb:cc:00:00:01,x,[WPA2_PSK],2025-04-09 10:42:00,6,2437,oops,-88,52.08,4.34,59.7,0.7,,,WIFI",
    ])
    func rowsThatCannotBeMendedUnambiguouslyAreRejected(line: String) {
        do {
            _ = try Self.parse(line)
            Issue.record("stored a shifted row")
        } catch {
            #expect(error.reason == "shifted columns")
        }
    }

    @Test(arguments: [
        ("LTE;ar", RadioType.lte, 98_765_432 as Int64),
        ("NR;us", .nr, 98_765_432),
        ("HSPA;il", .wcdma, 98_765_432),
        ("GSM;ar", .gsm, 5678),
        ("UNKNOWN;il", .gsm, 5678),
        ("UNKNOWN;il", .wcdma, 3_456_789),  // a GSM cell id beyond 16 bits is UMTS, as before
    ])
    func aGSMRowsAuthModeNamesItsNetworkType(authMode: String, radio: RadioType, cellID: Int64) throws {
        let header = CSVRecord(line: 2, fields: [
            "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
            "AltitudeMeters", "AccuracyMeters", "Type"])
        let row = try Self.parse("72207_1234_\(cellID),Personal,\(authMode),2019-03-02 14:05:11,0,-95,-34.6,-58.3,25,8,GSM", header: header)
        guard case .cellObservation(let cell, _) = row else { Issue.record("not a cell"); return }
        #expect(cell.radio == radio)
    }

    @Test(arguments: [
        ("01-01-70 5:30", 19_800 as Int?),
        ("1969-12-31 19:00:00", -18_000),
        ("31-12-69 21:00", -10_800),
        ("12/31/1969 16:00", -28_800),
        ("1970-01-01 00:00:00", 0),
        ("1970-01-02 00:00:00", nil),
        ("2019-03-02 14:05:10", nil),
        ("", nil),
    ])
    func unknownTimeMarkersRevealTheZone(text: String, offset: Int?) {
        #expect(WigleTimestamp.unknownTimeOffset(text) == offset)
    }

    @Test func theClockIsTheUsersTheMarkersOrUTC() throws {
        let phone = CSVRecord(line: 1, fields: ["WigleWifi-1.4", "appRelease=2.48", "model=SM-A520F"])
        let bruce = CSVRecord(line: 1, fields: ["WigleWifi-1.6", "appRelease=v1.9.1", "brand=Bruce"])
        #expect(WigleClock.zone(preHeader: phone, firstSeen: ["2019-03-02 14:05:10", "01-01-70 5:30"], given: nil)?
            .secondsFromGMT() == 19_800)
        #expect(WigleClock.zone(preHeader: bruce, firstSeen: ["01-01-70 5:30"], given: nil) == nil)
        #expect(WigleClock.zone(preHeader: phone, firstSeen: ["2019-03-02 14:05:10"], given: nil) == nil)
        let given = try #require(WigleClock.timeZone(named: "Europe/Amsterdam"))
        #expect(WigleClock.zone(preHeader: phone, firstSeen: ["01-01-70 5:30"], given: given) == given)
        #expect(WigleTimestamp.parse("2019-07-01 14:00:00", in: given) == Date(timeIntervalSince1970: 1_561_982_400))
    }

    @Test func onlyAnUnsettledClockIsReportedAsAssumedUTC() throws {
        let phone = CSVRecord(line: 1, fields: ["WigleWifi-1.4", "appRelease=2.48", "model=SM-A520F"])
        let bruce = CSVRecord(line: 1, fields: ["WigleWifi-1.6", "appRelease=v1.9.1", "brand=Bruce"])
        let times = ["2019-03-02 14:05:10"]
        #expect(WigleClock.assumesUTC(preHeader: phone, firstSeen: times, given: nil))
        #expect(WigleClock.assumesUTC(preHeader: nil, firstSeen: times, given: nil))
        #expect(!WigleClock.assumesUTC(preHeader: bruce, firstSeen: times, given: nil))
        #expect(!WigleClock.assumesUTC(preHeader: phone, firstSeen: times + ["1970-01-01 00:00:00"], given: nil))
        #expect(!WigleClock.assumesUTC(preHeader: phone, firstSeen: times, given: TimeZone(secondsFromGMT: 0)))
        // No time to read, nothing assumed.
        #expect(!WigleClock.assumesUTC(preHeader: phone, firstSeen: ["", "0"], given: nil))
    }

    @Test(arguments: [("+05:30", 19_800 as Int?), ("-0500", -18_000), ("+2", 7200), ("UTC", 0), ("+25:00", nil), ("Mars/Olympus", nil)])
    func timeZoneNames(name: String, offset: Int?) {
        #expect(WigleClock.timeZone(named: name)?.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == offset)
    }

    @Test func serverExportsWithChannelMinusOneAndFractionalRSSIParse() throws {
        // WiGLE's server exports: `Channel=-1`, RSSI averaged to a fraction; also with a comma to mend.
        for line in ["aa:bb:cc:00:00:09,srv,[WPA2],2019-01-01 00:00:00,-1,0,-71.5,52.1,4.3,0,10,,,WIFI",
                     "aa:bb:cc:00:00:09,srv, two,[WPA2],2019-01-01 00:00:00,-1,0,-71.5,52.1,4.3,0,10,,,WIFI"] {
            guard case .accessPoint(_, let seen) = try Self.parse(line) else { Issue.record("not an AP"); continue }
            #expect(seen.signalStrength == -71.5)
            #expect(seen.position.latitude == 52.1)
        }
    }

    @Test func marauderLogsWithoutThePreHeaderAreWigle() throws {
        let records = SurveyCSVRecordReaderTests.records(
            "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
                + "80:95:62:77:E4:50,,[WPA2],2025-6-7 2:36:2,11,-81,44.4481659,26.0647907,90.50,4.25,WIFI\n")
        #expect(try SurveyFormatDetector.detect(first: records[0], second: records[1]) == .wigle)
        guard case .accessPoint(_, let seen) = try WigleRowParser(header: records[0]).parse(records[1]) else {
            Issue.record("not an AP")
            return
        }
        #expect(seen.time == Date(timeIntervalSince1970: 1_749_263_762))
    }

    @Test func spreadsheetHeadersAreWigleWhileAPListsStayLists() throws {
        let resaved = SurveyCSVRecordReaderTests.records("MAC,SSID,AuthMode,First\tSeen,Channel,RSSI,Latitude,Longitude,Type\n")
        #expect(try SurveyFormatDetector.detect(first: resaved[0], second: nil) == .wigle)
        let list = SurveyCSVRecordReaderTests.records("ssid,mac,latitude,longitude\n")
        #expect(try SurveyFormatDetector.detect(first: list[0], second: nil) == .aplist)
    }
}
