import Foundation
import PositioningCore
import RadioMap
import Synchronization
import Testing
import TestSupport

@testable import CoreLocationLinux

@Suite struct CLGeocoderTests {
    /// A radio map holding the places fixtures (GeoNames layout: places, admin areas, countries).
    static func mapWithPlaces(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("places.sqlite")
        let map = try RadioMap(path: path, mode: .readWrite)
        for file in ["places_sample.txt", "countryInfo_sample.txt", "admin1_sample.txt"] {
            _ = try map.importSurvey(at: TestPaths.fixture("places/" + file).path, options: ImportOptions(), progress: nil)
        }
        return path
    }

    @Test func reverseGeocodingNamesTheNearestPlaceWithItsAreaAndCountry() async throws {
        let directory = TemporaryDirectory("corelocation-geocoder")
        let geocoder = CLGeocoder(radioMapPath: try Self.mapWithPlaces(in: directory))
        let placemarks = try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 52.5205, longitude: 13.4046))
        let placemark = try #require(placemarks.first)
        #expect(placemarks.count == 1)
        #expect(placemark.name == "Mitte")
        #expect(placemark.locality == "Mitte")
        #expect(placemark.administrativeArea == "Berlin")
        #expect(placemark.country == "Germany")
        #expect(placemark.isoCountryCode == "DE")
        #expect(placemark.postalCode == nil)
        let location = try #require(placemark.location)
        #expect(abs(location.coordinate.latitude - 52.52) < 1e-6 && abs(location.coordinate.longitude - 13.404) < 1e-6)
    }

    @Test func forwardGeocodingFindsPlacesByName() async throws {
        let directory = TemporaryDirectory("corelocation-geocoder")
        let geocoder = CLGeocoder(radioMapPath: try Self.mapWithPlaces(in: directory))
        let placemarks = try await geocoder.geocodeAddressString("potsdam")
        #expect(placemarks.first?.name == "Potsdam")
        #expect(placemarks.first?.administrativeArea == "Brandenburg")
        await #expect(throws: CLError(.geocodeFoundNoResult, reason: "no imported place matches")) {
            try await geocoder.geocodeAddressString("Atlantis")
        }
    }

    @Test func aMissingMapIsANetworkError() async throws {
        let directory = TemporaryDirectory("corelocation-geocoder")
        let geocoder = CLGeocoder(radioMapPath: directory.path("absent.sqlite"))
        do {
            _ = try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 52.52, longitude: 13.4))
            Issue.record("expected an error")
        } catch {
            #expect((error as? CLError)?.code == .network)
        }
    }

    @Test func completionHandlersRunOnTheRunLoopOfTheGeocodersThread() async throws {
        let directory = TemporaryDirectory("corelocation-geocoder")
        let path = try Self.mapWithPlaces(in: directory)
        let thread = await RunLoopThread.start("geocoder main")
        let answers = Mutex<[String]>([])
        await thread.run {
            let geocoder = CLGeocoder(radioMapPath: path)
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 32.17, longitude: 34.85)) { placemarks, error in
                let name = placemarks?.first.map { "\($0)" } ?? "error \((error as? CLError)?.code.rawValue ?? -1)"
                answers.withLock { $0.append("\(name) on thread: \(thread.isCurrent)") }
            }
            geocoder.geocodeAddressString("Atlantis") { placemarks, error in
                answers.withLock { $0.append("Atlantis: \((error as? CLError)?.code.rawValue ?? -1) on thread: \(thread.isCurrent)") }
            }
        }
        _ = await Deadline(after: .seconds(60)).wait { answers.withLock { $0.count } == 2 }
        #expect(Set(answers.withLock { $0 }) == ["Herzliya, Tel Aviv, Israel on thread: true", "Atlantis: 8 on thread: true"])
        await thread.stop()
    }
}
