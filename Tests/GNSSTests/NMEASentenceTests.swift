import PositioningCore
import TestSupport
import Testing

@testable import GNSS

@Suite("NMEASentence parsing")
struct NMEASentenceTests {
    @Test(arguments: ["GP", "GN", "GL", "GA", "BD", "GB", "EC", "IN", "QZ"])
    func anyTalkerIsAccepted(_ talker: String) throws {
        let line = NMEATestWriter.sentence("\(talker)GGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let sentence = try NMEASentence.parse(line)
        #expect(sentence.talker == talker)
        #expect(sentence.type == "GGA")
        guard case .fixData(let data) = sentence.payload else { Issue.record("not GGA"); return }
        #expect(abs(data.coordinate!.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(data.coordinate!.longitude - (11 + 31.0 / 60)) < 1e-12)
        #expect(data.quality == .autonomous)
        #expect(data.hdop == 0.9)
        #expect(data.altitudeMSL == 545.4)
        #expect(data.timeOfDay == 45_319.0)  // 12:35:19
    }

    @Test func checksumIsVerified() throws {
        #expect(throws: NMEAError.checksumMismatch(expected: 0x00, computed: 0x47)) {
            try NMEASentence.parse("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00")
        }
        let good = try NMEASentence.parse("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n")
        #expect(good.hasChecksum)
    }

    @Test(arguments: [
        ("!AIVDM,1,1,,A,13aGmP0P00PD;88MD5MTDww@2<0L,0*23", NMEAError.notNMEA),
        ("# comment", .notNMEA),
        ("$GP\u{01}\u{02}GGA", .binary),
        ("$gpgga,1", .malformedAddress("gpgga")),
        ("$GPGGAX,1", .malformedAddress("GPGGAX")),
    ])
    func nonSentencesAreRefused(_ line: String, _ error: NMEAError) {
        #expect(throws: error) { try NMEASentence.parse(line) }
    }

    @Test func southWestAndSignedCoordinates() throws {
        let sentence = try NMEASentence.parse(NMEATestWriter.sentence("GNRMC,000000,A,3351.4100,S,15112.9180,W,0.0,,010125,,,A"))
        guard case .recommendedMinimum(let rmc) = sentence.payload else { Issue.record("not RMC"); return }
        #expect(rmc.isValid)
        #expect(rmc.coordinate!.latitude < -33.85 && rmc.coordinate!.longitude < -151.2)
        #expect(rmc.course == nil)
        #expect(rmc.date == NMEADate(year: 2025, month: 1, day: 1))
    }

    @Test func malformedFieldNamesTheField() {
        #expect(throws: NMEAError.malformedField(sentence: "GGA", field: "latitude", value: "48x7.038")) {
            try NMEASentence.parse(NMEATestWriter.sentence("GPGGA,123519,48x7.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAError.self) {
            try NMEASentence.parse(NMEATestWriter.sentence("GPGLL,4807.038,N,01131.000,Q,123519,A"))
        }
    }

    @Test func validityIndicators() throws {
        func rmc(_ body: String) throws -> NMEARecommendedMinimum? {
            if case .recommendedMinimum(let value) = try NMEASentence.parse(NMEATestWriter.sentence(body)).payload { return value }
            return nil
        }
        #expect(try rmc("GPRMC,120000,V,4807.038,N,01131.000,E,,,,,")?.isValid == false)
        #expect(try rmc("GPRMC,120000,A,4807.038,N,01131.000,E,,,,,,N")?.isValid == false)
        #expect(try rmc("GPRMC,120000,A,4807.038,N,01131.000,E,,,,,,D")?.isValid == true)
        let gns = try NMEASentence.parse(NMEATestWriter.sentence("GNGNS,112257.00,3844.24011,N,00908.43828,W,AN,03,10.5,,,,"))
        guard case .fixData(let data) = gns.payload else { Issue.record("not GNS"); return }
        #expect(data.quality == .autonomous)
    }

    @Test func gstVtgGsaZda() throws {
        let gst = try NMEASentence.parse(NMEATestWriter.sentence("GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031"))
        #expect(gst.payload == .errorStatistics(try #require({ () -> NMEAErrorStatistics? in
            if case .errorStatistics(let value) = gst.payload { return value } else { return nil }
        }())))
        guard case .errorStatistics(let statistics) = gst.payload else { return }
        #expect(statistics.latitudeSigma == 0.023 && statistics.longitudeSigma == 0.020 && statistics.altitudeSigma == 0.031)
        guard case .courseOverGround(let vtg) = try NMEASentence.parse(NMEATestWriter.sentence("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A")).payload
        else { Issue.record("not VTG"); return }
        #expect(vtg.course == 54.7)
        #expect(abs(vtg.speed! - 5.5 * 1852 / 3600) < 1e-9)
        guard case .dilution(let gsa) = try NMEASentence.parse(NMEATestWriter.sentence("GNGSA,A,3,01,02,,,,,,,,,,,1.8,1.0,1.5,1")).payload
        else { Issue.record("not GSA"); return }
        #expect(gsa.fixType == 3 && gsa.hdop == 1.0 && gsa.vdop == 1.5)
        guard case .dateAndTime(let zda) = try NMEASentence.parse(NMEATestWriter.sentence("GPZDA,201530.00,04,07,2002,00,00")).payload
        else { Issue.record("not ZDA"); return }
        #expect(zda.date == NMEADate(year: 2002, month: 7, day: 4))
    }

    /// Fuzzing in miniature: random and mutated input never traps, only throws.
    @Test func arbitraryBytesNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        let seed = Array(NMEATestWriter.epoch(latitude: 52.5, longitude: 13.4, second: 1).joined(separator: "\r\n").utf8)
        var decoder = NMEAStreamDecoder()
        for _ in 0..<2000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? NMEASentence.parse(bytes: bytes)
            _ = decoder.decode(bytes)
        }
        let total = decoder.statistics
        #expect(total.sentences + total.checksumFailures + total.malformed + total.skippedLines > 0)
    }
}
