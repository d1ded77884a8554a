import Foundation
import PositioningCore
import Testing

@testable import CoreLocationLinux
@testable import LocationService

@Suite struct CLLocationUpdateTests {
    @Test func liveUpdatesGiveEveryFixOfAReplayedWalkAndEndWithIt() async throws {
        let radios = ReplayRadios(samples: Walks.north(from: 0, step: 10, count: 6), pace: .unpaced)
        var indices: [Int] = []
        for try await update in CLLocationUpdate.liveUpdates(environment: CoreLocationEnvironment(radios: radios)) {
            let location = try #require(update.location)
            #expect(!update.locationUnavailable && !update.authorizationDenied)
            indices.append(Walks.index(of: location))
        }
        #expect(indices == [0, 1, 2, 3, 4, 5])
    }

    @Test func anEpochWithoutAFixSaysTheLocationIsUnavailable() async throws {
        let empty = (0..<2).map { RadioSample(time: Walks.start.addingTimeInterval(Double($0))) }
        let radios = ReplayRadios(samples: empty, pace: .unpaced)
        var updates: [CLLocationUpdate] = []
        for try await update in CLLocationUpdate.liveUpdates(environment: CoreLocationEnvironment(radios: radios)) {
            updates.append(update)
        }
        #expect(updates.count == 2)
        #expect(updates.allSatisfy { $0.location == nil && $0.locationUnavailable && !$0.authorizationDenied })
    }

    @Test func disabledServicesAreReportedAsDenied() async throws {
        var options = LocationManager.Options()
        options.isEnabled = false
        let environment = CoreLocationEnvironment(options: options, radios: ReplayRadios(samples: [], pace: .unpaced))
        var iterator = CLLocationUpdate.liveUpdates(environment: environment).makeAsyncIterator()
        let update = try #require(try await iterator.next())
        #expect(update.authorizationDenied && update.location == nil)
        #expect(try await iterator.next() == nil)
    }
}
