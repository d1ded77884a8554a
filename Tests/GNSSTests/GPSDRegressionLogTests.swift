import Foundation
import Testing

@testable import GNSS

/// gpsd's own regression logs (BSD-2-Clause): real receivers, with gpsd 3.22's expected JSON.
/// Our reader must report the positions gpsd reports (one fix per epoch, where gpsd may report
/// one per sentence), and no position gpsd does not.
@Suite("gpsd 3.22 regression logs through the NMEA reader")
struct GPSDRegressionLogTests {
    /// Logs where we deliberately differ from gpsd, and why. They are replayed (no crash, counts
    /// printed) but not held to the thresholds.
    static let knownDeviations: [String: String] = [
        "GPSmap-76S.log": "receiver in simulator mode (GGA quality 8, RMC mode S): gpsd reports its fake position, we report none",
        "garmin-geko201.log": "simulator mode (GGA quality 8): gpsd reports the fake position, we report none",
        "bundg_zeus_9.log": "marine multiplexer: GGA, GLL and RMC of one second carry different times and positions; gpsd reports each sentence, we one fix per epoch",
    ]
    /// Every other log: at least this share of our fixes are positions gpsd reported, and of
    /// gpsd's distinct positions we report at least this share.
    static let minimumPrecision = 0.8
    static let minimumRecall = 0.8

    /// The logs bundled in Tests/Fixtures/gnss (run without ../shared).
    @Test(arguments: ["mtk-3329.log", "nmea-fuzzy-cases.log", "skytraq-fix.log", "hemi.log"])
    func bundledLogMatchesGPSD(_ name: String) throws {
        let replay = try GPSDRegressionReplay(log: GNSSTestData.fixtures.appendingPathComponent(name))
        #expect(!replay.fixes.isEmpty)
        #expect(replay.precision >= Self.minimumPrecision, "\(name): precision \(replay.precision)")
        #expect(replay.recall >= Self.minimumRecall, "\(name): recall \(replay.recall)")
    }

    @Test func everyNMEALogInTheSharedCorpusMatchesGPSD() throws {
        guard let folder = GNSSTestData.gpsdRegressionLogs else {
            print("skipped: ../shared/data/gps/gpsd_regress_3.22_chk is absent")
            return
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".log") }.sorted()
        #expect(logs.count >= 80)
        var passed = 0
        for log in logs {
            let url = folder.appendingPathComponent(log)
            guard FileManager.default.fileExists(atPath: url.path + ".chk") else {
                print("skipped \(log): no .chk")
                continue
            }
            let replay = try GPSDRegressionReplay(log: url)
            let line = String(format: "%@: %d fixes, gpsd %d TPVs with a fix, precision %.3f, recall %.3f; %@",
                log, replay.fixes.count, replay.expected.count, replay.precision, replay.recall,
                replay.statistics.description)
            if let reason = Self.knownDeviations[log] {
                print("not compared \(line) — \(reason)")
                continue
            }
            #expect(replay.precision >= Self.minimumPrecision, "\(line)")
            #expect(replay.recall >= Self.minimumRecall, "\(line)")
            if replay.expected.isEmpty {
                #expect(replay.fixes.isEmpty, "gpsd has no fix in \(log), we have \(replay.fixes.count)")
            }
            passed += 1
        }
        print("\(passed) of \(logs.count) gpsd logs match gpsd's positions; \(Self.knownDeviations.count) known deviations")
    }
}
