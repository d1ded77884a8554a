import Foundation
import JSONCodec
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

@Suite struct GeocodeCommandTests {
    @Test func namesComeBackBestFirstWithFourOrMoreDecimals() async throws {
        let directory = TemporaryDirectory()
        let map = try await townMapWithPlaces(in: directory)
        let run = await CLIRun(["geocode", "--db", map, "Springfield", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let value = try JSONParser.parse(Array(run.output.utf8))
        let matches = try #require(value["matches"]?.arrayValue)
        #expect(matches.compactMap { $0["adminArea"]?.stringValue } == ["Missouri", "Massachusetts", "Illinois", "New York"])
        #expect(matches[0]["lat"]?.doubleValue == 37.21533)
        #expect(matches[0]["lng"]?.doubleValue == -93.29824)
        #expect(matches[0]["country"]?.stringValue == "United States")
    }

    @Test func textOutputListsOneMatchALine() async throws {
        let directory = TemporaryDirectory()
        let map = try await townMapWithPlaces(in: directory)
        let run = await CLIRun(["geocode", "--db", map, "herzliya"])
        #expect(run.status == 0)
        #expect(run.output == "Herzliya, Tel Aviv, Israel  32.16627, 34.84311  population 83,600\n")
    }

    @Test func noMatchExits2() async throws {
        let directory = TemporaryDirectory()
        let map = try await townMapWithPlaces(in: directory)
        let run = await CLIRun(["geocode", "--db", map, "Atlantis"])
        #expect(run.status == 2)
        #expect(run.errors.contains("No place named 'Atlantis'"))
    }

    @Test func aMapWithoutPlacesSaysWhatToImport() async throws {
        let run = await CLIRun(["geocode", "--db", await SharedTown.shared.radioMap(), "Berlin"])
        #expect(run.status == 69)
        #expect(run.errors.contains("GeoNames"))
    }

    @Test func aNameIsRequired() async {
        let run = await CLIRun(["geocode"])
        #expect(run.status == 64)
    }
}
