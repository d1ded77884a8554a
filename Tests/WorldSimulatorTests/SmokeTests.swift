import Foundation
import PositioningCore
import Testing

@testable import WorldSimulator

@Suite struct SmokeTests {
    @Test func writesSmallTown() throws {
        let town = Town(TownSpecification(seed: 42, centre: Coordinate(latitude: 52.52, longitude: 13.405), size: .small))
        let summary = try TownWriter(town: town).write(to: "/tmp/simsmoke")
        print(summary)
    }
}
