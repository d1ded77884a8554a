import ArgumentParsing
import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts geocode NAME`: forward lookup in the imported places.
struct GeocodeCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geocode",
        abstract: "Find places by name in the imported GeoNames places.",
        discussion: """
            Matches NAME against the places' names and ASCII names, case-insensitively: exact \
            matches first, then names starting with NAME, then names containing it; within each, \
            the most populous first.

            Needs a GeoNames dump imported with 'whereabouts import' \
            (cities500.txt, optionally countryInfo.txt and admin1CodesASCII.txt for names). \
            Exits 2 when nothing matches.
            """,
        examples: ["whereabouts geocode Herzliya", "whereabouts geocode springfield --limit 3 --json"])

    @Argument("NAME", help: "The place name (or the start of it).") var name: String
    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Option("--limit", help: "At most N matches (default 10).") var limit = 10
    @Flag("--json", help: "Print the matches as JSON.") var json: Bool

    func validate() throws(UsageError) {
        guard limit >= 1 else { throw .usage("--limit must be a positive integer") }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration())
        let radioMap = try RadioMap(path: path, mode: .readOnly)
        guard try radioMap.hasPlaces() else {
            throw CommandFailure(.unavailable, "the radio map \(path) has no places; import a GeoNames dump (cities500.txt) first")
        }
        let matches = try radioMap.places(named: name, limit: limit)
        if json {
            let object: JSONValue = [
                "query": .string(name), "matches": .array(matches.map { .object(PlaceJSON.object(for: $0)) }),
            ]
            context.output.line(String(decoding: JSONWriter.encode(object), as: UTF8.self))
        } else if matches.isEmpty {
            context.errors.line("No place named '\(name)'.")
        } else {
            let width = min(matches.map(\.displayName.count).max() ?? 0, 48)
            for match in matches {
                let place = match.place
                let label = match.displayName.padding(toLength: max(width, match.displayName.count), withPad: " ", startingAt: 0)
                let population = place.population > 0 ? "  population \(ImportReport.count(Int(place.population)))" : ""
                context.output.line(String(format: "%@  %.5f, %.5f", label, place.coordinate.latitude, place.coordinate.longitude)
                                    + population)
            }
        }
        return matches.isEmpty ? .locationUnknown : .success
    }
}
