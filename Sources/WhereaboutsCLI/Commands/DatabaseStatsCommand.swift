import ArgumentParsing
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db stats`: what the radio map holds.
struct DatabaseStatsCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count the radio map's access points, cells, areas, observations and imports.")

    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?
    @Flag("--json", help: "Print the counts as JSON.") var json: Bool

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration())
        let statistics = try RadioMap(path: path, mode: .readOnly).statistics()
        let byStatus = statistics.accessPointsByStatus.map { ($0.status, $0.count) }
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.writeKey("path")
            writer.write(path)
            for (key, value) in [
                ("accessPoints", statistics.accessPoints), ("cells", statistics.cells),
                ("publishedCells", statistics.publishedCells), ("areas", statistics.areas),
                ("accessPointObservations", statistics.accessPointObservations),
                ("cellObservations", statistics.cellObservations), ("imports", statistics.imports),
                ("tableFingerprints", statistics.tableFingerprints), ("surveyFingerprints", statistics.surveyFingerprints),
            ] {
                writer.writeKey(key)
                writer.write(value)
            }
            writer.writeKey("accessPointsByStatus")
            writer.beginObject()
            for (status, count) in byStatus {
                writer.writeKey(status)
                writer.write(count)
            }
            writer.endObject()
            writer.writeKey("fileBytes")
            writer.write(Int(statistics.fileBytes))
            writer.endObject()
            context.output.line(writer.string)
        } else {
            let statusText = byStatus.map { "\(ImportReport.count($1)) \($0)" }.joined(separator: ", ")
            let c = ImportReport.count
            context.output.write("""
                Radio map \(path) (\(String(format: "%.1f", Double(statistics.fileBytes) / 1_048_576)) MiB)
                  access points: \(c(statistics.accessPoints))\(statusText.isEmpty ? "" : " (\(statusText))")
                  cells:         \(c(statistics.cells)) (\(c(statistics.publishedCells)) from published cell lists)
                  areas:         \(c(statistics.areas))
                  observations:  \(c(statistics.accessPointObservations)) Wi-Fi, \(c(statistics.cellObservations)) cell
                  imports:       \(c(statistics.imports))

                """)
            if statistics.tableFingerprints + statistics.surveyFingerprints > 0 {
                context.output.line("  fingerprints:  \(c(statistics.tableFingerprints)) from tables, "
                    + "\(c(statistics.surveyFingerprints)) survey scans kept by `db calibrate`")
            }
        }
        return .success
    }
}
