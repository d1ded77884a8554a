import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

@Suite struct PlacesTests {
    static func fixture(_ name: String) -> String { TestPaths.fixture("places/" + name).path }

    /// A map holding the three places fixtures.
    static func mapWithPlaces(in directory: TemporaryDirectory) throws -> String {
        let path = RadioMapFixtures.mapPath(in: directory)
        let map = try RadioMap(path: path, mode: .readWrite)
        for file in ["places_sample.txt", "countryInfo_sample.txt", "admin1_sample.txt"] {
            _ = try map.importSurvey(at: fixture(file), options: ImportOptions(), progress: nil)
        }
        return path
    }

    @Test func aGeoNamesDumpIsDetectedAndItsBadRowsCounted() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(at: Self.fixture("places_sample.txt"), options: ImportOptions(), progress: nil)
        #expect(summary.format == .geonames)
        #expect(summary.rowsImported == 14)
        #expect(summary.rowsRead == 20)
        #expect(Set(summary.rejections.map(\.reason)) == [
            GeoNamesParser.notPopulatedReason, GeoNamesParser.wrongColumnCountReason, SurveyRowError.invalidCoordinateReason,
            GeoNamesParser.invalidIDReason, GeoNamesParser.missingNameReason, "invalid population",
        ])
        let again = try map.importSurvey(at: Self.fixture("places_sample.txt"), options: ImportOptions(), progress: nil)
        #expect(again.alreadyImported)
    }

    @Test func strictStopsAtTheFirstBadRowAndChangesNothing() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        #expect(throws: ImportError.self) {
            try map.importSurvey(at: Self.fixture("places_sample.txt"), options: ImportOptions(strict: true), progress: nil)
        }
        #expect(try map.hasPlaces() == false)
    }

    @Test func theNearestPlaceIsNamedWithItsAreaAndCountry() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: try Self.mapWithPlaces(in: directory), mode: .readOnly)
        let nearby = try #require(try map.nearestPlace(to: Coordinate(latitude: 52.5205, longitude: 13.4046)))
        #expect(nearby.place.place.name == "Mitte")  // a PPLX section counts like any P place
        #expect(nearby.place.displayName == "Mitte, Berlin, Germany")
        #expect(nearby.distance > 40 && nearby.distance < 90)

        let herzliya = try #require(try map.nearestPlace(to: Coordinate(latitude: 32.17, longitude: 34.85)))
        #expect(herzliya.place.displayName == "Herzliya, Tel Aviv, Israel")
    }

    @Test func theSearchWidensUntilItFindsSomething() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: try Self.mapWithPlaces(in: directory), mode: .readOnly)
        // Mid-Atlantic: the nearest fixture place is thousands of km away.
        let far = try #require(try map.nearestPlace(to: Coordinate(latitude: 30, longitude: -40)))
        #expect(far.distance > 2_000_000)
        // Near the north pole every longitude is in reach.
        #expect(try map.nearestPlace(to: Coordinate(latitude: 89.9, longitude: 0)) != nil)
    }

    @Test func theNearestPlaceAcrossTheAntimeridian() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: try Self.mapWithPlaces(in: directory), mode: .readOnly)
        // Eastpoint lies at -179.95; Suva at +178.44 is much farther from 179.99.
        let nearby = try #require(try map.nearestPlace(to: Coordinate(latitude: -18.2, longitude: 179.99)))
        #expect(nearby.place.place.name == "Eastpoint")
        #expect(nearby.distance < 10_000)
    }

    @Test func forwardLookupRanksExactThenPrefixThenPopulation() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: try Self.mapWithPlaces(in: directory), mode: .readOnly)
        let springfields = try map.places(named: "springfield")
        #expect(springfields.map(\.place.admin1Code) == ["MO", "MA", "IL", "NY"])
        #expect(springfields.last?.place.name == "Springfield Gardens")
        #expect(try map.places(named: "Zurich").first?.place.name == "Zürich")  // ASCII name matches
        #expect(try map.places(named: "Zürich").first?.adminAreaName == "Zürich")
        #expect(try map.places(named: "ield", limit: 2).count == 2)  // inside the name
        #expect(try map.places(named: "%").isEmpty)  // LIKE wildcards are literal
        #expect(try map.places(named: "   ").isEmpty)
    }

    @Test func aMapWithoutPlacesAnswersNil() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        #expect(try map.hasPlaces() == false)
        #expect(try map.nearestPlace(to: Coordinate(latitude: 52.5, longitude: 13.4)) == nil)
        #expect(try map.places(named: "Berlin").isEmpty)
    }

    @Test func searchBoxesSplitAtTheAntimeridian() {
        let boxes = RadioMap.boxes(around: Coordinate(latitude: 0, longitude: 179.9), radius: 50_000)
        #expect(boxes.count == 2)
        #expect(boxes.contains { $0.minimumLongitude == -180 && $0.maximumLongitude < -179 })
        let polar = RadioMap.boxes(around: Coordinate(latitude: 89.5, longitude: 10), radius: 200_000)
        #expect(polar.count == 1 && polar[0].minimumLongitude == -180 && polar[0].maximumLongitude == 180)
    }

    @Test func coverageListsWhatIsInTheArea() throws {
        let directory = TemporaryDirectory()
        let path = try Self.mapWithPlaces(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        let everything = try #require(try map.coverage(center: nil, radius: nil))
        #expect(everything.cellTotal == 30)
        let berlin = try #require(try map.coverage(center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 5_000))
        #expect(berlin.cellTotal == 0)
        #expect(berlin.places.map(\.name).contains("Mitte"))
        #expect(!berlin.places.map(\.name).contains("Potsdam"))
    }

    @Test func samplingKeepsTheLimitAndSpreadsOut() {
        let sampled = RadioMap.sample(Array(0..<1000), limit: 10)
        #expect(sampled == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
    }
}
