import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite(.onItsOwnThread) struct ExportTests {
    @Test(arguments: ExportFormat.allCases)
    func anExportImportedIntoAnEmptyMapGivesTheSameFixes(format: ExportFormat) throws {
        let original = try TinyTownMap(publishedCells: false)
        // Learned sightings too: a walk after the survey.
        let session = LearningSession(radioMap: original.map)
        try original.town.forEachWalkSample(duration: 300) { try session.offer($0.learningSample(in: original.town)) }
        _ = try session.finish()

        var text = ""
        let summary = try original.map.export(format: format) { text += $0 }
        let sightings = try original.count("ap_observations") + original.count("cell_observations")
        #expect(summary.sightings == Int(sightings))
        let file = original.directory.path("export.\(format.rawValue)")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        if format == .wigle {
            #expect(text.hasPrefix("WigleWifi-1.4,"))
        }

        let copy = try TinyTownMap(sameTownAs: original, path: original.directory.path("copy.sqlite"))
        let imported = try copy.map.importSurvey(at: file, options: ImportOptions(strict: true), progress: nil)
        #expect(imported.rejections.isEmpty)
        #expect(try copy.count("ap_observations") + copy.count("cell_observations") == sightings)
        let before = try original.fixes()
        let after = try copy.fixes()
        #expect(before.count == after.count)
        for (old, new) in zip(before, after) {
            guard let old, let new else {
                #expect(old == nil && new == nil)
                continue
            }
            #expect(Geodesy.distance(from: old.coordinate, to: new.coordinate) < 0.01)
            #expect(old.used == new.used)
        }
    }
}
