import Foundation
import PositioningCore
import Testing

import SurveyFormats

/// `learn --scan FILE`'s reader: a geolocate request is one sample heard now, a trace one per
/// line, and anything else says why with the trace reader's line.
@Suite struct RecordedScanTests {
    @Test func aRequestIsOneSampleATraceOnePerLineAndGarbageNamesItsLine() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let request = #"{"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":-61}]}"#
        let fromRequest = try RecordedScan.samples(from: Array(request.utf8), now: now)
        #expect(fromRequest.count == 1 && fromRequest[0].time == now && fromRequest[0].wifi.count == 1)
        let trace = """
            {"time":1800000000000,"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:01","signalStrength":-61}]}
            {"time":1800000005000,"wifiAccessPoints":[{"macAddress":"02:00:00:00:00:02","signalStrength":-70}]}
            """
        #expect(try RecordedScan.samples(from: Array(trace.utf8), now: now).count == 2)
        #expect(throws: RecordedScan.Failure.empty) { try RecordedScan.samples(from: Array("\n\n".utf8)) }
        do {
            _ = try RecordedScan.samples(from: Array((trace + "\nnot json").utf8))
            Issue.record("garbage was read as a scan")
        } catch {
            guard case .neither(let why) = error else { Issue.record("\(error)"); return }
            #expect(why.line == 3)
        }
    }
}
