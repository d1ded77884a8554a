import Foundation
import PositioningCore
import RadioMap
import Testing
import TestSupport
import WorldSimulator

@testable import Evaluation

/// Learning a drive in-process repairs a stale map where the routers moved.
@Suite(.onItsOwnThread) struct LearningExperimentTests {
    @Test func learningADriveBringsTheMovedAreaBackToTheLevelOfTheRest() throws {
        let directory = TemporaryDirectory("learning")
        var specification = TownSpecification(seed: 5, centre: TownSpecification.defaultCentre, size: .small)
        specification.movedFraction = 0.1
        let result = try LearningExperiment(specification: specification).run(in: directory.url.path)
        let beforeMoved = try #require(result.before.movedArea.p68)
        let afterMoved = try #require(result.after.movedArea.p68)
        let afterElsewhere = try #require(result.after.elsewhere.p68)
        #expect(result.before.movedArea.queries > 20)
        #expect(afterMoved < beforeMoved)
        #expect(afterMoved <= afterElsewhere * 1.1)
        #expect(result.after.all.answered >= result.before.all.answered)
        #expect(try #require(result.after.all.p68) < #require(result.before.all.p68))

        // The moved routers the drive heard are placed where they are now, not where the survey was.
        let town = Town(specification)
        let map = try RadioMap(path: directory.path("learning.sqlite"), mode: .readOnly)
        let moved = town.accessPoints.filter { $0.isMoved && $0.role == .primary && !$0.isOptedOut }
        let known = try map.accessPoints(for: moved.map(\.bssid))
        var relearned = 0
        for accessPoint in moved {
            guard let entry = known[accessPoint.bssid], entry.status == .usable else { continue }
            relearned += 1
            let now = town.coordinate(of: accessPoint.currentPosition)
            let then = town.coordinate(of: accessPoint.surveyedPosition)
            #expect(Geodesy.distance(from: entry.coordinate, to: now) < Geodesy.distance(from: entry.coordinate, to: then))
            #expect(Geodesy.distance(from: entry.coordinate, to: now) < 100)
        }
        #expect(relearned >= moved.count / 2)
    }
}
