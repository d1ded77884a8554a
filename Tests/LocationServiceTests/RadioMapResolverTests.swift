import Foundation
import PositioningCore
import RadioMap
import TestSupport
import Testing

@testable import LocationService

@Suite struct RadioMapResolverTests {
    let town = ServiceTown.shared

    var request: GeolocateRequest {
        let sample = town.walk.first { !$0.wifi.isEmpty && !$0.cells.isEmpty }!
        return sample.geolocateRequest
    }

    @Test func theKeptConnectionSeesWhatAnImportCommitsLater() throws {
        let directory = TemporaryDirectory("resolver")
        let path = directory.path("map.sqlite")
        let resolver = RadioMapResolver(path: path)
        #expect(throws: RadioMapError.self, "no map yet") { try resolver.estimate(request, at: Date()) }

        let writer = try RadioMap(path: path, mode: .readWrite)
        #expect(try resolver.estimate(request, at: Date()) == nil, "an empty map knows nothing heard")
        _ = try writer.importSurvey(at: town.directory.path("town/survey.wigle.csv"), options: ImportOptions(), progress: nil)
        let estimate = try #require(try resolver.estimate(request, at: Date()), "the import is visible to the same resolver")
        #expect(estimate.0.location.horizontalAccuracy > 0)
    }
}
