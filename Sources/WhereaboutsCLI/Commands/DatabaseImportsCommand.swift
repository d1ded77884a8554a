import ArgumentParsing
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db imports`: the files the radio map was built from.
struct DatabaseImportsCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imports",
        abstract: "List the imported files: id, name, format, size, rows and content hash.",
        discussion: "The id is what `db forget-import` takes.",
        examples: ["whereabouts db imports", "whereabouts db imports --json"])

    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Flag("--json", help: "Print the list as a JSON array.") var json: Bool

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration())
        let records = try RadioMap(path: path, mode: .readOnly).imports()
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for record in records { Self.write(record, to: &writer) }
            writer.endArray()
            context.output.line(writer.string)
            return .success
        }
        guard !records.isEmpty else {
            context.output.line("No imports in \(path).")
            return .success
        }
        let formatter = ISO8601DateFormatter()
        let c = ImportReport.count
        for record in records {
            context.output.line(
                "\(record.id)  \(record.name)  \(record.format)  \(c(Int(record.size))) bytes  "
                    + "\(c(record.rowsImported)) of \(c(record.rowsRead)) rows imported, \(c(record.rowsRejected)) rejected"
                    + (record.rowsSetAside > 0 ? ", \(c(record.rowsSetAside)) set aside as cached repeats  " : "  ")
                    + "\(formatter.string(from: record.importedAt))  sha256:\(record.contentHash.prefix(16))")
        }
        return .success
    }

    /// Writes `record` as an object (also used by `db forget-import --json`).
    static func write(_ record: ImportRecord, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeKey("id")
        writer.write(Int(record.id))
        writer.writeKey("name")
        writer.write(record.name)
        writer.writeKey("format")
        writer.write(record.format)
        writer.writeKey("size")
        writer.write(Int(record.size))
        writer.writeKey("contentHash")
        writer.write(record.contentHash)
        for (key, value) in [("rowsRead", record.rowsRead), ("rowsImported", record.rowsImported),
                             ("rowsRejected", record.rowsRejected), ("rowsSetAside", record.rowsSetAside)] {
            writer.writeKey(key)
            writer.write(value)
        }
        writer.writeKey("importedAt")
        writer.write(ISO8601DateFormatter().string(from: record.importedAt))
        writer.endObject()
    }
}
