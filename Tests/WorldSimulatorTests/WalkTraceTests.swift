import Foundation
import PositioningCore
import Testing

@testable import WorldSimulator

@Suite struct WalkTraceTests {
    @Test func traceHasTimesScansAndGPSDropOuts() throws {
        let written = try WrittenTown(.tiny())
        let trace = try written.jsonLines(TownWriter.FileName.walkTrace)
        let truth = try written.jsonLines(TownWriter.FileName.walkTruth)
        #expect(trace.count == written.summary.walkSamples && truth.count == trace.count)
        #expect(trace.count == 451, "15 minutes every 2 s")
        let times = trace.compactMap { $0["time"] as? Int }
        #expect(times.count == trace.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 2_000 })
        #expect(zip(trace, truth).allSatisfy { ($0["time"] as? Int) == ($1["time"] as? Int) })
        let withFix = trace.filter { $0["gnss"] != nil }
        #expect(withFix.count < trace.count - 15, "three 30–90 s drop-outs")
        #expect(withFix.count > trace.count / 2)
        for line in withFix {
            let gnss = try #require(line["gnss"] as? [String: Double])
            #expect(gnss["lat"] != nil && gnss["lng"] != nil && (gnss["accuracy"] ?? 0) > 0)
        }
        let scans = trace.filter { $0["wifiAccessPoints"] != nil }
        #expect(scans.count > trace.count / 6)
        #expect(trace.contains { $0["cellTowers"] != nil })
    }

    @Test func walkStaysOnTheStreetsNearTheTruth() throws {
        let town = Town(.tiny())
        var worst = 0.0
        town.forEachWalkSample(duration: 300) { sample in
            if let fix = sample.fix { worst = max(worst, fix.position.distance(to: sample.truePosition)) }
            #expect(abs(sample.truePosition.east) <= town.streets.extent / 2 + 10)
        }
        #expect(worst < 40)
    }
}
