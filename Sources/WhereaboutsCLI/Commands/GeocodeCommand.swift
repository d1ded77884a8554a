import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts geocode NAME`: forward lookup in the imported places.
enum GeocodeCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "geocode",
        abstract: "Find places by name in the imported GeoNames places.",
        discussion: """
            Matches NAME against the places' names and ASCII names, case-insensitively: exact \
            matches first, then names starting with NAME, then names containing it; within each, \
            the most populous first. Needs a GeoNames dump imported with 'whereabouts import' \
            (cities500.txt, optionally countryInfo.txt and admin1CodesASCII.txt for names). \
            Exits 2 when nothing matches.
            """,
        arguments: [ArgumentSpecification(name: "NAME", help: "The place name (or the start of it).")],
        options: [
            .value("--db", "PATH", help: "Radio map to read (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .value("--limit", "N", help: "At most N matches (default 10)."),
            .flag("--json", help: "Print the matches as JSON."),
        ],
        examples: ["whereabouts geocode Herzliya", "whereabouts geocode springfield --limit 3 --json"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let name = arguments.positionals.joined(separator: " ")
        let limit = try arguments.number("--limit") ?? 10
        guard limit >= 1, limit == limit.rounded() else { throw CommandFailure.usage("--limit must be a positive integer") }
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: arguments.value("--db"), configuration: try paths.loadConfiguration())
        let radioMap = try RadioMap(path: path, mode: .readOnly)
        guard try radioMap.hasPlaces() else {
            throw CommandFailure(.unavailable, "the radio map \(path) has no places; import a GeoNames dump (cities500.txt) first")
        }
        let matches = try radioMap.places(named: name, limit: Int(limit))
        if arguments.flag("--json") {
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
