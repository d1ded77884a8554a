import Foundation
import Testing

@testable import GNSS

@Suite("gpsd 3.22 regression logs through the NMEA reader")
struct GPSDRegressionLogTests {
    @Test func everyNMEALogMatchesGPSDsPositions() throws {
        guard let folder = GNSSTestData.gpsdRegressionLogs else {
            print("skipped: ../shared/data/gps/gpsd_regress_3.22_chk is absent")
            return
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".log") }.sorted()
        for log in logs {
            let replay = try GPSDRegressionReplay(log: folder.appendingPathComponent(log))
            print(String(format: "%-36@ fixes %4d gpsd %4d precision %.3f recall %.3f  %@", log as NSString,
                replay.fixes.count, replay.expected.count, replay.precision, replay.recall,
                replay.statistics.description as NSString))
        }
    }
}
