import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

@Suite struct SurveyRowParserTests {
    static let wigleHeader = CSVRecord(line: 2, fields: [
        "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
        "AltitudeMeters", "AccuracyMeters", "Type"])

    static func wigle(_ line: String) throws(SurveyRowError) -> SurveyRow {
        let parser = try WigleRowParser(header: wigleHeader)
        return try parser.parse(SurveyCSVRecordReaderTests.records(line + "\n")[0])
    }

    static func rejection(_ line: String) -> SurveyRowError? {
        do {
            _ = try wigle(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func wifiRowBecomesAnAccessPointObservation() throws {
        let row = try Self.wigle("B4:EE:B4:36:D2:B0,\"ben, moshe\",[ESS],2017-10-27 16:12:01,1,-51,32.16857397,34.81328609,-9,8,WIFI")
        guard case .accessPoint(let bssid, let seen) = row else { Issue.record("not an AP: \(row)"); return }
        #expect(bssid == BSSID("b4:ee:b4:36:d2:b0"))
        #expect(seen.ssid == "ben, moshe")
        #expect(seen.signalStrength == -51)
        #expect(seen.positionAccuracy == 8)
        #expect(seen.position.latitude == 32.16857397)
        #expect(seen.time == Date(timeIntervalSince1970: 1_509_120_721))
    }

    @Test func wigleGSMKeySplitsOperatorAndPromotesUMTSSizedCellIDs() throws {
        let row = try Self.wigle("42501_10221_1448394,Partner,UNKNOWN;il,2017-10-28 20:10:00,0,-69,32.09,34.87,0,21,GSM")
        guard case .cellObservation(let cell, _) = row else { Issue.record("not a cell: \(row)"); return }
        #expect(cell == (try CellIdentity(radio: .wcdma, mcc: 425, mnc: 1, area: 10221, cellID: 1_448_394)))
    }

    @Test(arguments: [
        ("aa:bb:cc:00:00:03,home_nomap,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,WIFI", "opted out"),
        ("aa:bb:cc:00:00:03,a_optout,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,WIFI", "opted out"),
        ("aa:bb:cc:00:00:03,speaker,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,BT", "Bluetooth device"),
        ("aa:bb:cc:00:00:03,band,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,BLE", "Bluetooth device"),
        ("_6601_3021435,,UNKNOWN;il,2017-10-27 16:34:47,0,-113,32.16,34.80,61,5.5,GSM", "missing operator"),
        ("aa:bb:cc:00:00:03,x,[ESS],2017-10-27 16:12:01,1,-51,95.2,34.8,0,8,WIFI", "invalid coordinate"),
        ("aa:bb:cc:00:00:03,x,[ESS],2017-10-27 16:12:01,1,-51,0,0,0,8,WIFI", "invalid coordinate"),
        ("aa:bb:cc:00:00:03,x,[ESS],2017-10-27 16:12:01,1,-51,nan,34.8,0,8,WIFI", "invalid coordinate"),
        ("aa:bb:cc:00:00:03,x,[ESS],2017-10-27 16:12:01,1,-51,32.1,-180.5,0,8,WIFI", "invalid coordinate"),
        ("not-a-mac,x,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,WIFI", "invalid MAC"),
        ("aa:bb:cc:00:00:03,x", "too few fields"),
        ("42502_2147483647_2147483647,x,HSPA;il,2017-12-17 21:42:29,0,-57,32.08,34.96,130,3,GSM", "unknown cell identity"),
        ("4183_3_12345,x,CDMA;us,2017-12-17 21:42:29,0,-57,32.08,34.96,130,3,CDMA", "CDMA cell without MCC"),
        ("42501_10221_99999999999,x,[ESS],2017-10-27 16:12:01,1,-51,32.1,34.8,0,8,LTE", "invalid cell identity"),
    ])
    func badWigleRowsAreRejectedWithTheirReason(line: String, reason: String) {
        #expect(Self.rejection(line)?.reason == reason)
    }

    @Test func latitudeRejectionSaysWhatWasWrong() {
        let error = Self.rejection("aa:bb:cc:00:00:03,x,[ESS],2017-10-27 16:12:01,1,-51,95.2,34.8,0,8,WIFI")
        #expect(error?.detail == "latitude 95.2 outside −90…90")
        #expect(error?.column == "CurrentLatitude")
    }

    @Test(arguments: [
        ("2017-10-27 16:12:01", 1_509_120_721.0 as Double?),
        ("28/10/2017 20:10", 1_509_221_400),
        ("11/9/2017 08:43", 1_510_216_980),  // US month-first, unpadded
        ("09/11/2017 08:43", 1_510_216_980),  // zero-padded: day-first
        ("2017-10-27T16:12:01.250", 1_509_120_721),
        ("2017-10-27", 1_509_062_400),
        ("1970-01-01 02:00:00", nil),
        ("2017-13-01 00:00:00", nil),
        ("2017-10-27 16:12:01 extra", nil),
        ("", nil),
        ("yesterday", nil),
    ])
    func wigleTimestamps(text: String, seconds: Double?) {
        #expect(WigleTimestamp.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test func openCellIDRowHasLongitudeBeforeLatitude() throws {
        let records = SurveyCSVRecordReaderTests.records("""
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            UMTS,255,3,34000,28052,0,31.649551,48.811569,1000,7,1,1459781580,1485426727,0

            """)
        let parser = try OpenCellIDRowParser(header: records[0])
        guard case .publishedCell(let cell) = try parser.parse(records[1]) else { Issue.record("no cell"); return }
        #expect(cell.identity == (try CellIdentity(radio: .wcdma, mcc: 255, mnc: 3, area: 34000, cellID: 28052)))
        #expect(cell.coordinate == Coordinate(latitude: 48.811569, longitude: 31.649551))
        #expect(cell.radius == 1000)
        #expect(cell.sampleCount == 7)
        #expect(cell.lastSeen == Date(timeIntervalSince1970: 1_485_426_727))
    }

    @Test func formatsAreDetectedFromTheirHeaders() throws {
        let wigle = SurveyCSVRecordReaderTests.records("WigleWifi-1.4,appRelease=2.25\n"
            + Self.wigleHeader.fields.joined(separator: ",") + "\n")
        #expect(try SurveyFormatDetector.detect(first: wigle[0], second: wigle[1]) == .wigle)
        // WiGLE's columns under a plain header, with columns of a merged table's own in front.
        let merged = SurveyCSVRecordReaderTests.records("scan_id,device_model,"
            + Self.wigleHeader.fields.joined(separator: ",") + "\n")
        #expect(try SurveyFormatDetector.detect(first: merged[0], second: nil) == .wigle)
        let cells = SurveyCSVRecordReaderTests.records("radio,mcc,net,area,cell,unit,lon,lat,range\n")
        #expect(try SurveyFormatDetector.detect(first: cells[0], second: nil) == .opencellid)
        let other = SurveyCSVRecordReaderTests.records("id,name\n1,x\n")
        #expect(throws: SurveyFormatDetector.Rejection.self) {
            try SurveyFormatDetector.detect(first: other[0], second: other[1])
        }
    }
}
