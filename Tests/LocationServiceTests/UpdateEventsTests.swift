import Foundation
import PositioningCore
import Testing

@testable import LocationService

@Suite struct UpdateEventsTests {
    @Test func failuresAreReportedEachEpochAndTheStreamGoesOnToTheNextFix() async throws {
        // Five epochs without a fix (more than maximumConsecutiveFailures), then three fixes 10 m apart.
        let fixes = ServiceTraces.walkNorth(from: 0, step: 10, count: 3)
        let silent = (0..<5).map { RadioSample(time: ServiceTraces.start.addingTimeInterval(Double($0) - 10)) }
        let manager = LocationManager(radios: ReplayRadios(samples: silent + fixes, pace: .unpaced))
        var seen: [String] = []
        for await event in await manager.updateEvents(distanceFilter: 15) {
            switch event {
            case .fix(let fix): seen.append("fix \(ServiceTraces.index(of: fix.location.timestamp, in: fixes)!)")
            case .failure(let error): seen.append("\(error)")
            }
        }
        // The trace mentions GNSS, so an epoch without it is "ran, no fix"; the filter drops fix 1.
        let unknown = "the sources ran but none could fix a position"
        #expect(seen == [unknown, unknown, unknown, unknown, unknown, "fix 0", "fix 2"])
    }
}
