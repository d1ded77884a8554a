import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

import Evaluation

/// Held-out scans of a survey that logs its phone's scan cache carry the age of each cached
/// reading, as a live scan carries the kernel's (`ScanCacheAges`).
@Suite struct SurveySplitAgeTests {
    /// One recording, 25 networks heard at 10:00:00 in a training scan, then a held-out scan at
    /// 10:00:30 hearing three new networks and, when `cached`, the first 25 again with exactly
    /// their old signals (else 1 dB weaker: new hearings).
    static func survey(cached: Bool) -> String {
        var text = "scan_id,split,source_file,device_model,"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        func row(_ scan: String, _ split: String, _ index: Int, _ time: String, _ signal: Int, _ east: Double) -> String {
            String(format: "%@,%@,walk.csv,phone,02:00:00:00:00:%02x,n%d,[ESS],2017-10-27 %@,6,%d,32.1,%.5f,30,5,WIFI\n",
                   scan, split, index, index, time, signal, 34.8 + east)
        }
        for index in 0..<25 { text += row("a", "train", index, "10:00:00", -60 - index, 0) }
        for index in 25..<28 { text += row("b", "test", index, "10:00:30", -70, 0.002) }
        for index in 0..<25 { text += row("b", "test", index, "10:00:30", -60 - index - (cached ? 0 : 1), 0.002) }
        return text
    }

    /// The held-out request's `age` per MAC address.
    static func ages(cached: Bool) throws -> [String: Int?] {
        let directory = TemporaryDirectory()
        let path = directory.path("survey.csv")
        try survey(cached: cached).write(toFile: path, atomically: true, encoding: .utf8)
        let (train, queries, truth) = (directory.path("train.csv"), directory.path("q.jsonl"), directory.path("t.jsonl"))
        let said = try SurveySplit(rule: .column("split")).write(survey: path, train: train, queries: queries, truth: truth)
        #expect(said?.aged == (cached ? 1 : nil))
        #expect(said?.of == (cached ? 1 : nil))
        let lines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let request = try GeolocateRequest.parse(Array(try #require(lines.first).utf8))
        return Dictionary(uniqueKeysWithValues: request.wifiAccessPoints.map { ($0.bssid.description, $0.age) })
    }

    @Test func cachedReadingsCarryTheirAgeAndNewOnesNone() throws {
        let ages = try Self.ages(cached: true)
        #expect(ages.count == 28)
        #expect(ages["02:00:00:00:00:00"] == 30_000)
        #expect(ages["02:00:00:00:00:18"] == 30_000)
        #expect(ages["02:00:00:00:00:19"] == .some(nil))
    }

    @Test func aSurveyWithoutTheExcessGivesNoAges() throws {
        let ages = try Self.ages(cached: false)
        #expect(ages.count == 28)
        #expect(ages.values.allSatisfy { $0 == nil })
    }
}
