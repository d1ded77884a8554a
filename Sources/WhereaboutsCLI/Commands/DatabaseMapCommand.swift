import ArgumentParsing
import Foundation
import MapRendering
import PositioningCore
import RadioMap

/// `whereabouts db map FILE.svg`: a picture of what the radio map covers.
struct DatabaseMapCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw the radio map's coverage (access points, cells, survey tracks) as an SVG.",
        discussion: """
            Writes a self-contained SVG (nothing is loaded from the network): known access points \
            coloured by status, cells with their range, the positions where surveys recorded, and \
            imported places, with a scale bar. Without --area the picture shows everything the map \
            knows; large maps are sampled to 20,000 points of each kind.
            """,
        examples: ["whereabouts db map coverage.svg", "whereabouts db map centre.svg --area 52.52,13.405,500"])

    @Argument("FILE.svg", help: "Where to write the picture.") var picture: FilePath
    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Option("--area", help: "Only the circle of RADIUS metres around LAT,LON.") var area: CircleArgument?

    func run(context: CommandContext) async throws -> ExitCode {
        let output = picture.string
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration())
        let radioMap = try RadioMap(path: path, mode: .readOnly)
        guard let coverage = try radioMap.coverage(center: area?.center, radius: area?.radius) else {
            throw CommandFailure(.dataError, "the radio map \(path) is empty: import a survey first")
        }
        try MapFile.write(CoverageMapRenderer().render(coverage), to: output)
        context.output.line("\(output): \(coverage.accessPointTotal) access points, \(coverage.cellTotal) cells, "
                            + "\(coverage.trackTotal) survey positions, \(coverage.places.count) places")
        return .success
    }
}
