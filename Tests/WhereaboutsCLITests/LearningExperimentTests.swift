import Foundation
import PositioningCore
import Testing
import TestSupport
import WorldSimulator

@testable import WhereaboutsCLI

@Suite(.serialized) struct LearningExperimentTests {
    @Test func learningADriveRepairsTheAreaAroundMovedRouters() throws {
        let directory = TemporaryDirectory("learning")
        var specification = TownSpecification(seed: 5, centre: TownSpecification.defaultCentre, size: .small)
        specification.movedFraction = 0.1
        let result = try LearningExperiment(specification: specification).run(in: directory.url.path)
        func line(_ name: String, _ s: ErrorStatistics) -> String {
            "\(name) n=\(s.queries) answered=\(s.answered) median=\(s.median ?? -1) p68=\(s.p68 ?? -1) p90=\(s.p90 ?? -1)"
        }
        print(line("before moved", result.before.movedArea))
        print(line("before other", result.before.elsewhere))
        print(line("after moved", result.after.movedArea))
        print(line("after other", result.after.elsewhere))
        print(result.report, result.learningSeconds)
        let beforeMoved = try #require(result.before.movedArea.p68)
        let afterMoved = try #require(result.after.movedArea.p68)
        let afterElsewhere = try #require(result.after.elsewhere.p68)
        #expect(afterMoved < beforeMoved)
        #expect(afterMoved <= afterElsewhere * 1.2)
    }
}
