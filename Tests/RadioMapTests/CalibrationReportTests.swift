import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import Testing

/// `db calibrate` shows the cell factors by sighting decade after the count bins, in text and
/// JSON, each saying whether it rests on its own fixes or borrows the pooled factor.
@Suite struct CalibrationReportTests {
    static let factors = [
        CalibrationFactor(source: .cell, bin: .one, factor: 0.72, sampleCount: 159, isPooled: false, factor95: 1.31),
        CalibrationFactor(
            source: .cell, bin: .one, factor: 0.72, sampleCount: 159, isPooled: true, factor95: 1.31, sightings: .one),
        CalibrationFactor(
            source: .cell, bin: .one, factor: 0.84, sampleCount: 40, isPooled: false, factor95: 1.4,
            sightings: .tenToNinetyNine),
    ]

    @Test func theTextNamesEachDecadeInFull() {
        let lines = CalibrationReport.text(Self.factors, samples: 1315).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("  cell               1    68 % x0.720, 95 % x1.310  (159 fixes)"))
        #expect(lines[2].contains("1 sightings 68 % x0.720") && lines[2].contains("too few of these sightings, so its pooled factor"))
        #expect(lines[3].contains("10-99 sightings 68 % x0.840, 95 % x1.400  (40 fixes)"))
    }

    @Test func theJSONGivesADecadeInPlaceOfABin() throws {
        var writer = JSONWriter()
        CalibrationReport.writeFactors(Self.factors, to: &writer)
        let entries = try #require(JSONParser.parse(writer.string).arrayValue)
        #expect(entries.count == 3)
        #expect(entries[0]["bin"]?.stringValue == "1" && entries[0]["sightings"] == nil)
        #expect(entries[2]["sightings"]?.stringValue == "10-99" && entries[2]["bin"] == nil)
        #expect(entries[2]["pooled"]?.boolValue == false && entries[1]["pooled"]?.boolValue == true)
    }
}
