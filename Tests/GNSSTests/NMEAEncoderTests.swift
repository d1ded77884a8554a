import Foundation
import PositioningCore
import TestSupport
import Testing

@testable import GNSS

@Suite struct NMEAEncoderTests {
    static let start = Date(timeIntervalSince1970: 1_715_947_200)  // 2024-05-17T12:00:00Z

    static let fixes: [Location] = [
        Location(
            coordinate: Coordinate(latitude: 52.5200066, longitude: 13.4049540), horizontalAccuracy: 6.4, altitude: 34.5,
            verticalAccuracy: 9.6, timestamp: start, speed: 1.4, course: 45, source: .gps),
        Location(
            coordinate: Coordinate(latitude: -33.8688197, longitude: 151.2092955), horizontalAccuracy: 35,
            timestamp: start.addingTimeInterval(3661.5), source: .wifi),
        Location(
            coordinate: Coordinate(latitude: 64.1465, longitude: -21.9426), horizontalAccuracy: 1200,
            timestamp: start.addingTimeInterval(86_399), speed: 0, course: 359.9, source: .cell),
    ]

    @Test func sentencesAreChecksummedGGAAndRMC() throws {
        let sentences = NMEAEncoder.sentences(for: Self.fixes[0])
        #expect(sentences.count == 2)
        #expect(sentences[0].hasPrefix("$GPGGA,120000.00,5231.200396,N,01324.297240,E,1,"))
        #expect(sentences[1].hasPrefix("$GPRMC,120000.00,A,5231.200396,N,01324.297240,E,2.721,45.0,170524,"))
        for sentence in sentences {
            let parsed = try NMEASentence.parse(sentence)
            #expect(parsed.hasChecksum)
        }
        // Positions not from satellites are marked estimated (GGA quality 6, RMC mode E).
        let wifi = NMEAEncoder.sentences(for: Self.fixes[1])
        #expect(wifi[0].contains(",S,15112.557730,E,6,"))
        #expect(wifi[1].hasSuffix(",E*" + wifi[1].suffix(2)))
    }

    @Test func whereaboutsReadsItsOwnSentencesBackUnchanged() throws {
        let text = Self.fixes.flatMap(NMEAEncoder.sentences(for:)).map { $0 + "\r\n" }.joined()
        let (read, statistics) = NMEAReader.fixes(in: Array(text.utf8))
        #expect(read.count == Self.fixes.count, "\(statistics)")
        for (original, back) in zip(Self.fixes, read) {
            #expect(abs(back.coordinate.latitude - original.coordinate.latitude) < 1e-7)
            #expect(abs(back.coordinate.longitude - original.coordinate.longitude) < 1e-7)
            // HDOP has two decimals: the radius comes back within a few centimetres.
            #expect(abs(back.horizontalAccuracy - original.horizontalAccuracy) / original.horizontalAccuracy < 0.005)
            #expect(abs(back.timestamp.timeIntervalSince(original.timestamp)) < 0.01)
            #expect((back.speed < 0) == (original.speed < 0))
            if original.speed >= 0 { #expect(abs(back.speed - original.speed) < 0.001) }
            if original.course >= 0 { #expect(abs(back.course - original.course) < 0.05) }
            if original.verticalAccuracy > 0 { #expect(back.altitude == original.altitude) }
        }
    }
}

@Suite(
    "NMEA output read by a real gpsd", .serialized,
    .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct NMEAEncoderGPSDTests {
    @Test func gpsdReportsThePositionWhereaboutsWrote() async throws {
        let fix = NMEAEncoderTests.fixes[0]
        try await withGPSD { gpsd in
            var reported: [Location] = []
            let receiver = RepeatingThread("whereabouts --nmea-out", every: .milliseconds(100)) { epoch in
                var location = fix
                location.timestamp = fix.timestamp.addingTimeInterval(Double(epoch))
                gpsd.send(NMEAEncoder.sentences(for: location))
            }
            var iterator = GPSDClient(endpoint: gpsd.endpoint).events().makeAsyncIterator()
            _ = await firstEvent(&iterator, within: .seconds(30)) { event in
                if case .fix(let location) = event { reported.append(location) }
                return reported.count >= 4
            }
            await receiver.stop()
            let last = try #require(reported.last, "gpsd reported no fix within 30 s")
            for location in reported {
                #expect(abs(location.coordinate.latitude - fix.coordinate.latitude) < 1e-6)
                #expect(abs(location.coordinate.longitude - fix.coordinate.longitude) < 1e-6)
            }
            #expect(last.altitude == fix.altitude)
            #expect(abs(last.speed - fix.speed) < 0.01)
            #expect(last.course == fix.course)
        }
    }
}
