import Foundation
import MapRendering
import PositioningCore
import RadioMap

/// `whereabouts db map FILE.svg`: a picture of what the radio map covers.
enum DatabaseMapCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "db map",
        abstract: "Draw the radio map's coverage (access points, cells, survey tracks) as an SVG.",
        discussion: """
            Writes a self-contained SVG (nothing is loaded from the network): known access points \
            coloured by status, cells with their range, the positions where surveys recorded, and \
            imported places, with a scale bar. Without --area the picture shows everything the map \
            knows; large maps are sampled to 20,000 points of each kind.
            """,
        arguments: [ArgumentSpecification(name: "FILE.svg", help: "Where to write the picture.")],
        options: [
            .value("--db", "PATH", help: "Radio map to read (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .value("--area", "LAT,LON,RADIUS", help: "Only the circle of RADIUS metres around LAT,LON."),
        ],
        examples: ["whereabouts db map coverage.svg", "whereabouts db map centre.svg --area 52.52,13.405,500"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let output = arguments.positionals[0]
        var area: (Coordinate, Double)?
        if let text = arguments.value("--area") {
            area = try parseArea(text)
        }
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: arguments.value("--db"), configuration: try paths.loadConfiguration())
        let radioMap = try RadioMap(path: path, mode: .readOnly)
        guard let coverage = try radioMap.coverage(center: area?.0, radius: area?.1) else {
            throw CommandFailure(.dataError, "the radio map \(path) is empty: import a survey first")
        }
        try MapFile.write(CoverageMapRenderer().render(coverage), to: output)
        context.output.line("\(output): \(coverage.accessPointTotal) access points, \(coverage.cellTotal) cells, "
                            + "\(coverage.trackTotal) survey positions, \(coverage.places.count) places")
        return .success
    }

    /// `LAT,LON,RADIUS` with a valid coordinate and a positive radius in metres.
    static func parseArea(_ text: String) throws(CommandFailure) -> (Coordinate, Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let latitude = parts[0], let longitude = parts[1], let radius = parts[2],
            let center = Coordinate(validating: latitude, longitude), radius > 0, radius.isFinite
        else {
            throw CommandFailure.usage("--area wants LAT,LON,RADIUS (degrees, degrees, metres > 0), not '\(text)'")
        }
        return (center, radius)
    }
}
