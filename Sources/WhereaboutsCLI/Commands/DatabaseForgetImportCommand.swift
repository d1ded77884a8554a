import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db forget-import ID`: take one imported file back out of the radio map.
enum DatabaseForgetImportCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "db forget-import",
        abstract: "Remove one imported file's contribution and re-aggregate what it touched.",
        discussion: """
            Deletes the file's sightings, the published cells it was the last to write and its \
            record, then recomputes the affected access points, cells and areas from what \
            remains, in one transaction. Ids come from `db imports`.
            """,
        arguments: [ArgumentSpecification(name: "ID", help: "The import's id (see `db imports`).")],
        options: [
            .value("--db", "PATH", help: "Radio map to change (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .flag("--json", help: "Print what was removed as JSON."),
        ],
        examples: ["whereabouts db forget-import 3"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard arguments.positionals.count == 1, let id = Int64(arguments.positionals[0]), id > 0 else {
            throw CommandFailure.usage("expected one import id (a positive integer; see `whereabouts db imports`)")
        }
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let map = try paths.existingRadioMap(option: arguments.value("--db"), configuration: configuration)
        guard let summary = try map.forgetImport(id: id) else {
            throw CommandFailure(.dataError, "no import with id \(id) (see `whereabouts db imports`)")
        }
        try Retention.apply(configuration, to: map)
        if arguments.flag("--json") {
            var writer = JSONWriter()
            writer.beginObject()
            writer.writeKey("forgotten")
            DatabaseImportsCommand.write(summary.record, to: &writer)
            for (key, value) in [
                ("observationsRemoved", summary.observationsRemoved),
                ("publishedCellsRemoved", summary.publishedCellsRemoved),
                ("accessPointsUpdated", summary.accessPointsUpdated),
                ("accessPointsRemoved", summary.accessPointsRemoved), ("cellsUpdated", summary.cellsUpdated),
            ] {
                writer.writeKey(key)
                writer.write(value)
            }
            writer.endObject()
            context.output.line(writer.string)
        } else {
            let c = ImportReport.count
            context.output.line(
                "Forgot import \(summary.record.id) (\(summary.record.name)): \(c(summary.observationsRemoved)) "
                    + "sightings and \(c(summary.publishedCellsRemoved)) published cells removed; "
                    + "\(c(summary.accessPointsUpdated)) access points re-aggregated, "
                    + "\(c(summary.accessPointsRemoved)) removed; \(c(summary.cellsUpdated)) cells re-aggregated.")
        }
        return .success
    }
}
