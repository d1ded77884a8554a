import Foundation
import JSONCodec
import Testing
import TestSupport

@testable import PositioningCore

/// Whether a survey's own scans are kept as fingerprints is decided by its held-out scans: real
/// WiGLE exports log each network once per walk, at the moment it was first heard, so their
/// "scans" are fragments heard at the edge of range and match no better than the access points.
@Suite(.enabled(
    if: TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv") != nil,
    "../shared/data/wigle/ariel_2017 is absent (real captures, read in place, never copied)"))
struct SurveyFingerprintTrialTests {
    @Test func arielsFirstSightingExportsAreNotKeptAsFingerprints() async throws {
        let survey = try #require(TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv")).path
        let run = try await EvalProcessRun([
            "eval", "--survey", survey, "--split-column", "split_random20", "--estimator", "whereabouts", "--json",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let note = try #require(JSONParser.parse(run.output)["calibration"]?.stringValue)
        #expect(note.contains("Survey scans not kept as fingerprints"), "\(note)")
    }
}
