import Geolocation
import PositioningCore
import Testing

@testable import Evaluation

/// Which radius factors `eval` answers with under each `--calibration` mode.
@Suite struct EvaluationCalibrationTests {
    @Test func aTemporaryMapIsCalibratedFromItsOwnSurveyAndAnExistingOneByItsStoredFactors() {
        var workspace = EvaluationWorkspace(database: "map.sqlite", queries: "q.jsonl", truth: "t.jsonl", title: "q.jsonl")
        #expect(EvaluationCalibration.Mode.standard(for: workspace) == .stored)
        workspace.temporaryDirectory = "/tmp/whereabouts-eval"
        #expect(EvaluationCalibration.Mode.standard(for: workspace) == .kfold)
    }

    @Test func storedIsWhatLocateAppliesKfoldTheComputedFactorsAndNoneTheRawRadius() {
        let computed = [CalibrationFactor(source: .wifi, bin: .fiveToNine, factor: 1.5, sampleCount: 40, isPooled: false)]
        guard case .stored = EvaluationCalibration.Mode.stored.radius(computed: computed) else {
            Issue.record("stored: the map's own factors")
            return
        }
        guard case .factors(let factors) = EvaluationCalibration.Mode.kfold.radius(computed: computed) else {
            Issue.record("kfold: the computed factors")
            return
        }
        #expect(factors == computed)
        guard case .raw = EvaluationCalibration.Mode.none.radius(computed: computed) else {
            Issue.record("none: the raw radius")
            return
        }
    }
}
