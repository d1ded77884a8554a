import Foundation
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// A survey measured as `eval --survey-statistics` measures it, on a file whose every figure is
/// known by construction.
@Suite struct SurveyStatisticsTests {
    @Test func scansSightingsSpreadAndRevisitsAreCounted() throws {
        let directory = TemporaryDirectory("survey-statistics")
        let survey = directory.path("walks.csv")
        let header = "WigleWifi-1.4,appRelease=2.25,model=T,release=6,device=t,display=t,board=t,brand=t\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        // Walk 1: a scan of three networks at 32.1000 and one of a single network (partial) 0.0009°
        // (100 m) north; walk 2, two hours later, hears the first network again there. A phone's
        // randomized address and a GSM cell heard twice, 100 m apart.
        let rows = [
            "00:11:22:00:00:01,a,[ESS],2017-10-27 10:00:00,6,-60,32.1000,34.8,30,4,WIFI",
            "00:11:22:00:00:02,b,[ESS],2017-10-27 10:00:00,6,-70,32.1000,34.8,30,4,WIFI",
            "00:11:22:00:00:03,c,[ESS],2017-10-27 10:00:00,6,-80,32.1000,34.8,30,4,WIFI",
            "42:11:22:00:00:04,phone,[ESS],2017-10-27 10:00:00,6,-50,32.1000,34.8,30,4,WIFI",
            "425_01_100_7,,GSM;il,2017-10-27 10:00:00,0,-80,32.1000,34.8,30,4,GSM",
            "00:11:22:00:00:05,d,[ESS],2017-10-27 10:01:00,6,-90,32.1009,34.8,30,60,WIFI",
            "425_01_100_7,,GSM;il,2017-10-27 10:01:00,0,-80,32.1009,34.8,30,60,GSM",
            "00:11:22:00:00:01,a,[ESS],2017-10-27 12:00:00,6,-65,32.1009,34.8,30,25,WIFI",
        ]
        try (header + rows.joined(separator: "\n") + "\n").write(toFile: survey, atomically: true, encoding: .utf8)

        let statistics = try SurveyStatistics(files: [survey])
        #expect(statistics.files == 1 && statistics.sessions == 2)
        #expect(statistics.wifiRows == 6 && statistics.cellRows == 2)
        #expect(statistics.accessPointsPerScan.count == 3, "three scans: two of walk 1, one of walk 2")
        #expect(abs(statistics.partialScanFraction - 2.0 / 3) < 1e-9)
        #expect(abs(statistics.locallyAdministeredFraction - 1.0 / 6) < 1e-9)
        #expect(statistics.sightingsPerAccessPoint.count == 4, "the randomized address is not a network")
        #expect(statistics.singleSightingFraction == 0.75)
        #expect(statistics.revisitFraction == 0.25, "one network of four heard on both walks")
        // Network a: two sightings 100 m apart, each 50 m from their centroid.
        #expect(abs((statistics.accessPointSpread.median ?? 0) - 50) < 0.5)
        #expect(abs((statistics.cellSpread.median ?? 0) - 50) < 0.5)
        #expect(statistics.sightingsPerCell.median == 2)
        #expect(abs(statistics.gpsOver20Fraction - 2.0 / 6) < 1e-9 && abs(statistics.gpsOver50Fraction - 1.0 / 6) < 1e-9)
        #expect(statistics.wifiSignal.median == -67.5)
        let table = SurveyStatistics.table([("walks", statistics)])
        #expect(table.contains("partial scans (< 3 networks)") && table.contains("66.7 %"))
    }
}

/// The simulator's surveys measured against the real captures' figures (BENCHMARKS.md, "How real
/// is the simulator": Ariel's 33 walks), for the statistics `simulate` has been moved toward.
@Suite(.onItsOwnThread) struct SimulatorRealismTests {
    @Test func aSimulatedSurveysGPSAndSignalsFallInTheRealRanges() throws {
        let directory = TemporaryDirectory("simulator-realism")
        let town = Town(TownSpecification(seed: 3, centre: TownSpecification.defaultCentre, size: .small))
        _ = try TownWriter(town: town, walkDuration: 60).write(to: directory.url.path)
        let simulated = try SurveyStatistics(files: [directory.path(TownWriter.FileName.survey)])
        // Ariel: 10.7 % of rows worse than 20 m, 3.5 % worse than 50 m, median 4.6 m; the range
        // is half to one and a half times the real share.
        #expect((0.053...0.16).contains(simulated.gpsOver20Fraction), "\(simulated.gpsOver20Fraction)")
        #expect((0.017...0.053).contains(simulated.gpsOver50Fraction), "\(simulated.gpsOver50Fraction)")
        #expect((3...8).contains(simulated.gpsAccuracy.median ?? 0))
        // Ariel: RSSI p10 −92, median −85 dBm; 9.4 % of rows from locally administered addresses.
        #expect(abs((simulated.wifiSignal.median ?? 0) + 85) <= 3 && abs((simulated.wifiSignal.p10 ?? 0) + 92) <= 3)
        #expect((0.05...0.2).contains(simulated.locallyAdministeredFraction))
    }

    /// `simulate --survey-logging wigle-app`: rows as the WiGLE app writes them. Every network
    /// the every-scan survey heard keeps its first row, but a network is written again only when
    /// the phone moved or the signal grew, so most scans come out partial, as real walks do
    /// (Ariel: 57.5 % of scans with under 3 networks, a median of 2 rows per network).
    @Test func wigleAppLoggingWritesFirstSightingsAndMakesMostScansPartial() throws {
        let directory = TemporaryDirectory("simulator-logging")
        let town = Town(TownSpecification(seed: 3, centre: TownSpecification.defaultCentre, size: .small))
        var statistics: [SurveyLogging: SurveyStatistics] = [:]
        for logging in SurveyLogging.allCases {
            var writer = TownWriter(town: town, walkDuration: 60)
            writer.surveyLogging = logging
            let folder = directory.path(logging.rawValue)
            _ = try writer.write(to: folder)
            statistics[logging] = try SurveyStatistics(files: [folder + "/" + TownWriter.FileName.survey])
        }
        let every = try #require(statistics[.everyScan]), app = try #require(statistics[.wigleApp])
        #expect(app.sightingsPerAccessPoint.count == every.sightingsPerAccessPoint.count, "a network's first sighting is always written")
        #expect(app.wifiRows * 2 < every.wifiRows && app.cellRows * 2 < every.cellRows)
        #expect(every.partialScanFraction < 0.05 && app.partialScanFraction > 0.3, "\(app.partialScanFraction)")
        #expect((app.sightingsPerAccessPoint.median ?? 0) * 2 < every.sightingsPerAccessPoint.median ?? 0)
    }
}
