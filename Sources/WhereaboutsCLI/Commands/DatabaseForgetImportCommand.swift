import ArgumentParsing
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db forget-import ID`: take one imported file back out of the radio map.
struct DatabaseForgetImportCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget-import",
        abstract: "Remove one imported file's contribution and re-aggregate what it touched.",
        discussion: """
            Deletes the file's sightings, the published cells it was the last to write and its \
            record, then recomputes the affected access points, cells and areas from what \
            remains, in one transaction. Ids come from `db imports`.
            """,
        examples: ["whereabouts db forget-import 3"])

    @Argument("ID", help: "The import's id (see `db imports`).") var importID: String
    @Option("--db", help: DatabaseOptionHelp.change) var database: FilePath?
    @Flag("--json", help: "Print what was removed as JSON.") var json: Bool

    /// The id as a positive integer.
    private var id: Int64? { Int64(importID).flatMap { $0 > 0 ? $0 : nil } }

    func validate() throws(UsageError) {
        guard id != nil else {
            throw .usage("expected one import id (a positive integer; see `whereabouts db imports`)")
        }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let id = id!
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let map = try paths.existingRadioMap(option: database?.string, configuration: configuration)
        guard let summary = try map.forgetImport(id: id) else {
            throw CommandFailure(.dataError, "no import with id \(id) (see `whereabouts db imports`)")
        }
        try Retention.apply(configuration, to: map)
        if json {
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
