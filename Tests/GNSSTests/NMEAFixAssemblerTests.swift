import Foundation
import PositioningCore
import TestSupport
import Testing

@testable import GNSS

@Suite("NMEAFixAssembler")
struct NMEAFixAssemblerTests {
    func fixes(_ lines: [String]) throws -> [Location] {
        var assembler = NMEAFixAssembler(fallbackDate: Date(timeIntervalSince1970: 0))
        var fixes = try lines.compactMap { assembler.consume(try NMEASentence.parse($0)) }
        if let last = assembler.finish() { fixes.append(last) }
        return fixes
    }

    @Test func oneFixPerEpochWithHDOPAccuracy() throws {
        let lines = (0..<3).flatMap { NMEATestWriter.epoch(latitude: 52.520008, longitude: 13.404954, second: $0) }
        let result = try fixes(lines)
        #expect(result.count == 3)
        let fix = try #require(result.first)
        #expect(abs(fix.coordinate.latitude - 52.520008) < 1e-7)
        // HDOP 0.9 × UERE 5 m = DRMS 4.5 m → 68 % radius 4.8 m.
        #expect(abs(fix.horizontalAccuracy - 0.9 * 5 * 1.0674) < 1e-9)
        #expect(fix.altitude == 34.5)
        #expect(abs(fix.verticalAccuracy - 1.3 * 5) < 1e-9)
        #expect(abs(fix.speed - 2.7 * 1852 / 3600) < 1e-9)
        #expect(fix.course == 45)
        // 17 May 2024 12:00:00 UTC
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_715_947_200))
        #expect(fix.source == .gps)
    }

    @Test func noFixEpochsGiveNoFix() throws {
        let lines = (0..<3).flatMap { NMEATestWriter.epoch(latitude: 0, longitude: 0, second: $0, fix: false) }
        #expect(try fixes(lines).isEmpty)
    }

    @Test func learnsTheCycleAndDeliversWithoutWaitingForTheNextEpoch() throws {
        var assembler = NMEAFixAssembler()
        var delivered: [Int] = []
        for second in 0..<3 {
            for (index, line) in NMEATestWriter.epoch(latitude: 10, longitude: 10, second: second).enumerated() {
                if assembler.consume(try NMEASentence.parse(line)) != nil { delivered.append(second * 10 + index) }
            }
        }
        // Epoch 0 is closed by epoch 1's GGA; from then on each epoch's RMC (index 2) closes it.
        #expect(delivered == [10, 12, 22])
    }

    @Test func gstGivesTheAccuracy() throws {
        let lines = [
            NMEATestWriter.sentence("GPGGA,172814.0,3723.46587704,N,12202.26957864,W,2,6,1.2,18.893,M,-25.669,M,2.0,0031"),
            NMEATestWriter.sentence("GPGST,172814.0,0.006,0.023,0.020,273.6,0.023,0.020,0.031"),
        ]
        let fix = try #require(try fixes(lines).first)
        #expect(abs(fix.horizontalAccuracy - (0.023 * 0.023 + 0.020 * 0.020).squareRoot() * 1.0674) < 1e-9)
        #expect(fix.verticalAccuracy == 0.031)
    }

    @Test func twoDimensionalFixHasNoAltitudeAndRMCOnlyHasUnknownsNegative() throws {
        let twoD = [
            NMEATestWriter.sentence("GPGSA,A,2,01,02,03,,,,,,,,,,2.0,1.5,1.3"),
            NMEATestWriter.sentence("GPGGA,120000,4807.038,N,01131.000,E,1,03,1.5,545.4,M,46.9,M,,"),
        ]
        let fix = try #require(try fixes(twoD).first)
        #expect(fix.verticalAccuracy < 0)
        let rmcOnly = [NMEATestWriter.sentence("GPRMC,120000,A,4807.038,N,01131.000,E,,,170524,,,A")]
        let plain = try #require(try fixes(rmcOnly).first)
        #expect(plain.horizontalAccuracy == NMEAFixAssembler.assumedHDOP * 5 * 1.0674)
        #expect(plain.speed < 0 && plain.course < 0 && plain.verticalAccuracy < 0)
    }

    @Test func simulatedAndZeroSatelliteFixesAreNotPositions() throws {
        #expect(try fixes([NMEATestWriter.sentence("GPGGA,120000,4807.038,N,01131.000,E,8,10,1.0,1.0,M,1.0,M,,")]).isEmpty)
        #expect(try fixes([NMEATestWriter.sentence("GPGGA,120000,4807.038,N,01131.000,E,1,00,3.3,1.0,M,1.0,M,,")]).isEmpty)
    }
}
