import Foundation
import PositioningCore
import SurveyFormats
import Testing

@testable import WorldSimulator

@Suite struct WalkTraceTests {
    @Test func traceHasTimesScansAndGPSDropOuts() throws {
        let written = try WrittenTown(.tiny())
        let trace = try written.jsonLines(TownWriter.FileName.walkTrace)
        let truth = try written.jsonLines(TownWriter.FileName.walkTruth)
        #expect(trace.count == written.summary.walkSamples && truth.count == trace.count)
        #expect(trace.count == 451, "15 minutes every 2 s")
        // ReplayTrace.line writes ISO 8601 times with milliseconds; the truth has Unix milliseconds.
        let times = trace.compactMap { line in
            (line["time"] as? String).flatMap(ISO8601Timestamp.parse).map { Int(($0.timeIntervalSince1970 * 1000).rounded()) }
        }
        #expect(times.count == trace.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 2_000 })
        #expect(zip(times, truth).allSatisfy { $0 == ($1["time"] as? Int) })
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

    @Test func aLongerWalkIsWrittenByTheOneTraceWriterAndReadsBack() throws {
        let town = Town(.tiny())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tracePath = directory.appendingPathComponent("walk.trace.jsonl").path
        let lines = try TownWriter(town: town, walkDuration: 1_800).writeWalkTrace(
            trace: tracePath, truth: directory.appendingPathComponent("walk.truth.jsonl").path, duration: 1_800)
        #expect(lines == 901, "30 minutes every 2 s")
        let samples = try ReplayTrace.parse(String(contentsOfFile: tracePath, encoding: .utf8))
        #expect(samples.count == lines)
        var expected: [String] = []
        town.forEachWalkSample(duration: 1_800) { expected.append(ReplayTrace.line(for: TownWriter(town: town).radioSample(of: $0))) }
        #expect(samples.map { ReplayTrace.line(for: $0) } == expected, "each line reads back as the sample it was written from")
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
