import ArgumentParsing
import Testing

@testable import WhereaboutsCLI

/// A command declaring the coordinate value types `whereabouts` adds to the parser's own.
private struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "places", abstract: "Coordinates for tests.")
    @Option("--centre", help: "A centre.") var centre: CoordinateArgument?
    @Option("--here", help: "A position.") var here: PositionArgument?
    @Option("--region", help: "Regions.") var regions: [CircleArgument]
}

@Suite struct CoordinateArgumentTests {
    private func parse(_ tokens: [String]) throws(UsageError) -> PlacesCommand {
        switch try CommandParser.parse(tokens, as: PlacesCommand.self) {
        case .run(let command): return command
        case .help: throw UsageError("help")
        }
    }

    @Test func coordinatesPositionsAndCirclesAreRead() throws {
        let command = try parse(["--centre", "52.52,13.405", "--here", "-33.9,151.2,20", "--region", "1,2,3", "--region=4,5,6"])
        #expect(command.centre?.coordinate.latitude == 52.52 && command.centre?.coordinate.longitude == 13.405)
        #expect(command.here?.coordinate.latitude == -33.9 && command.here?.accuracy == 20)
        #expect(command.regions.map(\.radius) == [3, 6])
        #expect(try parse(["--here", "0,0"]).here?.accuracy == nil)
    }

    @Test(arguments: [
        (["--centre", "95,13"], "--centre expects LAT,LON in degrees (e.g. 52.52,13.405), got '95,13'"),
        (["--centre", "52,13,5"], "--centre expects LAT,LON in degrees (e.g. 52.52,13.405), got '52,13,5'"),
        (["--region", "52,13"], "--region expects LAT,LON,RADIUS (degrees, degrees, metres > 0), got '52,13'"),
        (["--region", "52,13,0"], "--region expects LAT,LON,RADIUS (degrees, degrees, metres > 0), got '52,13,0'"),
        (["--here", "52,13,-5"], "--here: the accuracy must be positive metres"),
        (["--here", "52"], "--here expects LAT,LON[,ACCURACY] in degrees and metres, got '52'"),
    ])
    func aBadCoordinateIsOneUsageError(tokens: [String], expected: String) {
        #expect(throws: UsageError(expected)) { _ = try parse(tokens) }
    }
}
