import Foundation
import JSONCodec
import PositioningCore
import SurveyFormats
import Testing

@Suite struct SurveyGeosubmitReaderTests {
    static let document = #"""
        {"note":"x","items":[{"position":{"latitude":1.5,"longitude":2.5},"wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55","ssid":"caf\u00e9 \"A\""}]},
         {"position":{"latitude":-3,"longitude":4},"cellTowers":[{"radioType":"gsm","mobileCountryCode":262,"mobileNetworkCode":1,"locationAreaCode":5,"cellId":6}]}], "tail": [1, {"b": true}] }
        """#

    /// Reads `bytes` in chunks of `size`, as a file would arrive.
    static func items(_ bytes: [UInt8], chunk size: Int) throws(GeosubmitError) -> [JSONValue] {
        var reader = GeosubmitReader()
        var items: [JSONValue] = []
        var offset = 0
        while offset < bytes.count {
            reader.append(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
            while let item = try reader.nextItem() { items.append(item.value) }
        }
        reader.finish()
        while let item = try reader.nextItem() { items.append(item.value) }
        return items
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func anyChunkingGivesTheSameItems(chunk: Int) throws {
        let whole = try JSONParser.parse(Self.document)
        let items = try Self.items(Array(Self.document.utf8), chunk: chunk)
        #expect(items == whole["items"]?.arrayValue)
    }

    @Test func readerHoldsOnlyTheItemBeingRead() throws {
        var text = #"{"items":["#
        let item = #"{"position":{"latitude":1.5,"longitude":2.5},"wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55"}]}"#
        text += Array(repeating: item, count: 20_000).joined(separator: ",") + "]}"
        var reader = GeosubmitReader()
        let bytes = Array(text.utf8)
        var count = 0, largestBuffer = 0
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            reader.append(bytes[start..<min(start + 4096, bytes.count)])
            while try reader.nextItem() != nil { count += 1 }
            largestBuffer = max(largestBuffer, reader.bufferedByteCount)
        }
        reader.finish()
        while try reader.nextItem() != nil { count += 1 }
        #expect(count == 20_000)
        #expect(largestBuffer < 8192)
    }

    @Test(arguments: [
        #"{"items":[{"position":{}}"#,        // truncated
        #"{"items":[{"a":1}]} x"#,            // trailing content
        #"{"items":[{"a":1},]}"#,             // trailing comma
        #"{"other":[]}"#,                     // no items
        #"["items"]"#,                        // not an object
        #"{"items":[{"a":1e999}]}"#,          // number overflow
        "",
    ])
    func malformedDocumentsThrow(text: String) {
        #expect(throws: GeosubmitError.self) { try Self.items(Array(text.utf8), chunk: 5) }
    }

    @Test func itemBecomesOneSightingPerEmitter() throws {
        let item = try JSONParser.parse(#"""
            {"timestamp":1405602028568,"position":{"latitude":49.87,"longitude":8.65,"accuracy":10},
             "wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55","signalStrength":-51},
                                 {"macAddress":"00:11:22:33:44:55"},{"macAddress":"00:11:22:33:44:56","ssid":"x_nomap"}],
             "cellTowers":[{"radioType":"lte","mobileCountryCode":262,"mobileNetworkCode":2,"locationAreaCode":3,"cellId":4}]}
            """#)
        let rows = try GeosubmitItemParser.rows(from: item)
        #expect(rows.count == 2)
        guard case .accessPoint(let bssid, let seen) = rows[0] else { Issue.record("not an AP"); return }
        #expect(bssid == BSSID("00:11:22:33:44:55"))
        #expect(seen.signalStrength == -51)
        #expect(seen.positionAccuracy == 10)
        #expect(seen.time == Date(timeIntervalSince1970: 1_405_602_028.568))
    }

    @Test func anEmitterHeardBeforeTheFixIsPlacedWithTheDriftOrLeftOut() throws {
        // 15 m/s; heard now, 8 s before the report, and 30 s before it (a scan cache's leftover).
        let item = try JSONParser.parse(#"""
            {"timestamp":1405602028000,"position":{"latitude":49.87,"longitude":8.65,"accuracy":10,"speed":15},
             "wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55","signalStrength":-51,"age":0},
                                 {"macAddress":"00:11:22:33:44:56","signalStrength":-70,"age":8000},
                                 {"macAddress":"00:11:22:33:44:57","signalStrength":-80,"age":30000}]}
            """#)
        let rows = try GeosubmitItemParser.rows(from: item)
        #expect(rows.count == 2)
        guard case .accessPoint(_, let now) = rows[0], case .accessPoint(let bssid, let earlier) = rows[1] else {
            Issue.record("not two access points")
            return
        }
        #expect(now.positionAccuracy == 10)
        #expect(bssid == BSSID("00:11:22:33:44:56"))
        #expect(earlier.positionAccuracy == 130)
        #expect(earlier.time == Date(timeIntervalSince1970: 1_405_602_020))
        // Without an age an emitter counts as heard at the fix, however old the position; an
        // unknown accuracy stays unknown.
        let unaged = try JSONParser.parse(#"""
            {"position":{"latitude":49.87,"longitude":8.65,"speed":15,"age":30000},
             "wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55"},{"macAddress":"00:11:22:33:44:56","age":38000}]}
            """#)
        let kept = try GeosubmitItemParser.rows(from: unaged)
        #expect(kept.count == 2)
        guard case .accessPoint(_, let atFix) = kept[0], case .accessPoint(_, let behind) = kept[1] else {
            Issue.record("not two access points")
            return
        }
        #expect(atFix.positionAccuracy == nil && behind.positionAccuracy == nil)
        let stale = try JSONParser.parse(#"""
            {"position":{"latitude":49.87,"longitude":8.65},"wifiAccessPoints":[{"macAddress":"00:11:22:33:44:57","age":25000}]}
            """#)
        do {
            _ = try GeosubmitItemParser.rows(from: stale)
            Issue.record("an item of leftovers only was accepted")
        } catch {
            #expect(error.reason == "no usable emitters")
            #expect(error.detail == "every emitter was heard more than 20 s from the position fix")
        }
    }

    @Test(arguments: [
        (#"{"wifiAccessPoints":[]}"#, "missing position"),
        (#"{"position":{"latitude":"1","longitude":2}}"#, "invalid coordinate"),
        (#"{"position":{"latitude":0,"longitude":0},"wifiAccessPoints":[{"macAddress":"00:11:22:33:44:55"}]}"#, "invalid coordinate"),
        (#"{"position":{"latitude":1,"longitude":2}}"#, "no usable emitters"),
        (#"{"position":{"latitude":1,"longitude":2},"wifiAccessPoints":{}}"#, "invalid emitters"),
        (#"[1]"#, "not an object"),
    ])
    func badItemsAreRejectedWithAReason(text: String, reason: String) throws {
        let item = try JSONParser.parse(text)
        #expect(throws: SurveyRowError.self) { try GeosubmitItemParser.rows(from: item) }
        do { _ = try GeosubmitItemParser.rows(from: item) } catch { #expect(error.reason == reason) }
    }
}
