import Foundation
import PositioningCore
import Testing

@testable import SurveyFormats

/// Kismet's tab-separated device export, row by row (the fields as the comma reader splits them).
@Suite struct KismetExportParsingTests {
    static let header = CSVRecord(line: 1, fields: [KismetExportRowParser.deviceColumns.joined(separator: "\t")])

    static func row(_ fields: [String], line: Int = 2) -> CSVRecord {
        // The comma-separated reader splits at commas; the parser joins them back.
        CSVRecord(line: line, fields: fields.joined(separator: "\t").split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    static let accessPoint = ["1622540000", "1622540300", "4202770D00000000_014D3C2B1A000000", "IEEE802.11",
                              "00:1A:2B:3C:4D:01", "-61", "52.51", "13.39", "52.52", "13.41", "52.5153", "13.4021", "20480", "Wi-Fi AP"]

    @Test func theHeaderOrARowOfItsShapeIsDetectedAsKismet() throws {
        #expect(try SurveyFormatDetector.detect(first: Self.header, second: nil) == .kismet)
        #expect(try SurveyFormatDetector.detect(first: Self.row(Self.accessPoint), second: nil) == .kismet)
        #expect(!KismetExportRowParser.isExport(CSVRecord(line: 1, fields: ["first_time\tlast_time"])))
        #expect(try KismetExportRowParser(header: Self.header).hasHeader)
        #expect(try KismetExportRowParser(header: Self.row(Self.accessPoint)).hasHeader == false)
    }

    @Test func anAccessPointIsOneSightingAtItsAveragePosition() throws {
        let parser = try KismetExportRowParser(header: Self.header)
        guard case .accessPoint(let bssid, let seen) = try parser.parse(Self.row(Self.accessPoint)) else {
            Issue.record("not an access point")
            return
        }
        #expect(bssid == BSSID("00:1a:2b:3c:4d:01"))
        #expect(seen.position.latitude == 52.5153 && seen.position.longitude == 13.4021)
        #expect(seen.signalStrength == -61)
        #expect(seen.time == Date(timeIntervalSince1970: 1_622_540_300))
    }

    @Test(arguments: [
        (13, "Wi-Fi Client", "not an access point"), (3, "BTLE", "Bluetooth device"), (10, "0", "invalid coordinate"),
        (4, "not-a-mac", "invalid MAC"), (10, "north", "invalid coordinate"),
    ])
    func badRowsAreRejectedWithTheirReason(column: Int, value: String, reason: String) throws {
        let parser = try KismetExportRowParser(header: Self.header)
        var fields = Self.accessPoint
        fields[column] = value
        if column == 10 && value == "0" { fields[11] = "0" }
        if column == 3 { fields[13] = "BTLE" }
        do {
            _ = try parser.parse(Self.row(fields))
            Issue.record("\(fields) parsed")
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func shortLongAndRepeatedHeaderRowsAreRejectedNeverShifted() throws {
        let parser = try KismetExportRowParser(header: Self.header)
        for (fields, reason) in [(Array(Self.accessPoint.prefix(9)), "too few fields"),
                                 (Self.accessPoint + ["extra"], "too many fields"),
                                 (KismetExportRowParser.deviceColumns, "repeated header")] {
            do {
                _ = try parser.parse(Self.row(fields))
                Issue.record("\(fields) parsed")
            } catch {
                #expect(error.reason == reason)
            }
        }
    }

    @Test func version4PositionsAreScaledOnlyWhenOutOfRangeInDegrees() throws {
        #expect(try KismetExportRowParser.degrees(latitude: "5251530", longitude: "1340210") == (52.5153, 13.4021))
        #expect(try KismetExportRowParser.degrees(latitude: "52.5153", longitude: "13.4021") == (52.5153, 13.4021))
        #expect(try KismetExportRowParser.degrees(latitude: "-3460870", longitude: "-5837830") == (-34.6087, -58.3783))
        // A fraction out of range stays out of range: rejected by the coordinate check, never rescaled.
        #expect(try KismetExportRowParser.degrees(latitude: "95.5", longitude: "13.4") == (95.5, 13.4))
    }

    @Test func aPacketExportIsRefusedWithWhatToImportInstead() {
        let packets = CSVRecord(line: 1, fields: [KismetExportRowParser.packetColumns.joined(separator: "\t")])
        #expect(KismetExportRowParser.isExport(packets))
        do {
            _ = try KismetExportRowParser(header: packets)
            Issue.record("a packet export was accepted")
        } catch {
            #expect(error.detail.contains("import the .kismet log"))
        }
    }
}
