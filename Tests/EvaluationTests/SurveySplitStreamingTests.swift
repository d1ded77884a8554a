import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import Evaluation

/// A survey is split as it is read, never loaded whole: training rows go out while the file is
/// still arriving, and only a bounded part of it is held at once.
@Suite struct SurveySplitStreamingTests {
    static let header = "scan_id,split,MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"

    /// `count` training rows of scans of 20 rows each, numbered from `first`.
    static func trainingRows(_ count: Int, from first: Int = 0) -> String {
        var text = ""
        for row in first..<first + count {
            let mac = String(format: "02:00:00:%02x:%02x:%02x", (row >> 16) & 0xFF, (row >> 8) & 0xFF, row & 0xFF)
            let time = String(format: "2017-10-27 10:%02d:00", row % 60)
            let latitude = String(format: "32.1%04d", row % 10_000)
            text += "s\(row / 20),train,\(mac),net\(row),[ESS],\(time),6,-\(40 + row % 50),\(latitude),34.8,30,5,WIFI\n"
        }
        return text
    }

    /// One held-out scan hearing four networks.
    static let heldOutScan = (0..<4).map { index in
        "q1,test,02:00:00:ff:00:0\(index),held\(index),[ESS],2017-10-27 11:00:00,6,-6\(index),32.2,34.9,30,5,WIFI\n"
    }.joined()

    @Test func trainingRowsAreWrittenWhileTheSurveyIsStillArriving() throws {
        let directory = TemporaryDirectory("split-stream")
        let survey = directory.path("survey.fifo")
        #expect(mkfifo(survey, 0o600) == 0)
        let train = directory.path("train.csv")
        // The writer sends most of the file, then holds the rest back until the split has
        // written training rows (or a deadline passes): a split that read the whole file first
        // would write nothing before the end.
        let writer = DedicatedThread("survey writer") { () -> Bool in
            let descriptor = open(survey, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var sawTrainingEarly = false
            let output = FileDescriptor(rawValue: descriptor)
            _ = try? output.writeAll(Array((Self.header + Self.trainingRows(4000)).utf8))
            let end = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < end {
                let size = (try? FileManager.default.attributesOfItem(atPath: train)[.size] as? Int) ?? 0
                if size > 10_000 {
                    sawTrainingEarly = true
                    break
                }
                usleep(10_000)  // polling the output file's size, bounded by the deadline above
            }
            _ = try? output.writeAll(Array((Self.trainingRows(100, from: 4000) + Self.heldOutScan).utf8))
            return sawTrainingEarly
        }
        let (queries, truth) = (directory.path("q.jsonl"), directory.path("t.jsonl"))
        let aged = try SurveySplit(rule: .column("split")).write(
            survey: survey, train: train, queries: queries, truth: truth, chunkSize: 1 << 14)
        let sawTrainingEarly = writer.wait()
        #expect(aged == nil, "no scan cache in this file")
        #expect(sawTrainingEarly, "training rows were written before the survey had all arrived")
        let trainLines = try String(contentsOfFile: train, encoding: .utf8).split(separator: "\n")
        #expect(trainLines.count == 2 + 4100, "the preamble, the header and every training row")
        #expect(trainLines.last?.hasPrefix("02:00:00:00:10:03,net4099,") == true, "\(trainLines.last ?? "")")
        let queryLines = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n")
        #expect(queryLines.count == 1 && queryLines[0].contains("02:00:00:ff:00:03"))
        // (The training rows' times wrap from 10:59 to 10:00, each wrap a pause: a session of its own.)
        let truthText = try String(contentsOfFile: truth, encoding: .utf8)
        #expect(truthText.hasPrefix("{\"lat\":32.2,\"lng\":34.9,\"kind\":\"wifi\",\"session\":\"survey.fifo#"), "\(truthText)")
        #expect(truthText.hasSuffix("\"}\n") && truthText.split(separator: "\n").count == 1)
    }

    @Test func aLargeSurveyIsHeldAChunkAtATime() throws {
        let directory = TemporaryDirectory("split-bounded")
        let survey = directory.path("survey.csv")
        let text = Self.header + Self.trainingRows(40_000) + Self.heldOutScan
        try text.write(toFile: survey, atomically: true, encoding: .utf8)
        #expect(text.utf8.count > 3_000_000)
        let file = try SurveyCSVFile(path: survey, chunkSize: 1 << 16)
        var rows = 0
        while let record = try file.nextRecord() {
            if !record.isBlank { rows += 1 }
        }
        #expect(rows == 40_004)
        #expect(file.peakBufferedBytes <= 3 << 16, "held at most \(file.peakBufferedBytes) bytes of \(text.utf8.count)")
    }
}
