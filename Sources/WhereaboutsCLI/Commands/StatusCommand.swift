import ArgumentParsing
import Foundation
import GNSS
import JSONCodec
import LocationService
import PositioningCore
import RadioMap

/// `whereabouts status`: Core Location's availability checks, for each source and the radio map.
struct StatusCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether location services are enabled and which sources can run here, and why not.",
        discussion: "An NMEA network input (--nmea) is probed: connected or bound, then a sentence waited for, up to 3 s.")

    @Option("--db", help: "Radio map to describe (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite).") var database: FilePath?
    @OptionGroup var gnss: GNSSOptions
    @Flag("--json", help: "Print the status as JSON.") var json: Bool

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let nmea = gnss.nmeaInput(configuration: configuration)
        var gpsd = gnss.gpsd ?? .standard
        if gnss.gpsd == nil, nmea == nil, let configured = configuration.gpsd {
            // The config's gpsd is checked only when it is the GPS to probe.
            guard let parsed = GPSDEndpoint(parsing: configured) else {
                throw CommandFailure.usage("--gpsd expects HOST:PORT, got '\(configured)'")
            }
            gpsd = parsed
        }
        let sources = await SourceStatus.probeAll(gpsd: gpsd, nmea: nmea)
        let databasePath = paths.databasePath(option: database?.string, configuration: configuration)
        let radioMap = Self.radioMapSummary(databasePath)

        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.writeKey("enabled")
            writer.write(configuration.enabled)
            writer.writeKey("configuration")
            writer.write(paths.configurationFile)
            writer.writeKey("sources")
            writer.beginArray()
            for status in sources {
                writer.beginObject()
                writer.writeKey("source")
                writer.write(status.source.rawValue)
                writer.writeKey("state")
                writer.write(status.state.rawValue)
                writer.writeKey(status.state == .available ? "detail" : "reason")
                writer.write(status.detail)
                if let remedy = status.remedy {
                    writer.writeKey("remedy")
                    writer.write(remedy)
                }
                writer.endObject()
            }
            writer.endArray()
            writer.writeKey("radioMap")
            writer.beginObject()
            writer.writeKey("path")
            writer.write(databasePath)
            writer.writeKey("summary")
            writer.write(radioMap)
            writer.endObject()
            writer.endObject()
            context.output.line(writer.string)
        } else {
            var text = "Location services: \(configuration.enabled ? "enabled" : "disabled (enabled = false in \(paths.configurationFile))")\n"
            for status in sources {
                text += "\(status.source.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(status.state.rawValue): \(status.detail)\n"
                if let remedy = status.remedy { text += "      → \(remedy)\n" }
            }
            text += "Radio map: \(databasePath)\n      \(radioMap)\n"
            context.output.write(text)
        }
        return configuration.enabled ? .success : .disabled
    }

    private static func radioMapSummary(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            if let builder = RadioMap.builder(of: path) {
                return "being built by an import (process \(builder)): it appears, whole, when every file is in"
            }
            return "none yet — build one with 'whereabouts import FILE'"
        }
        do {
            let map = try RadioMap(path: path, mode: .readOnly)
            let statistics = try map.statistics()
            let stored = try map.storedData()
            let count = ImportReport.count
            var text = "\(count(statistics.accessPoints)) access points, \(count(statistics.cells)) cells, "
                + "\(count(stored.observations)) sightings"
            if stored.summarizedObservations > 0 { text += " (+\(count(stored.summarizedObservations)) summarized)" }
            text += " from \(count(statistics.imports)) imports (\(String(format: "%.1f", Double(statistics.fileBytes) / 1_048_576)) MiB)"
            if stored.learningSessions > 0 {
                text += "; \(count(stored.learnedObservations)) sightings learned in \(count(stored.learningSessions)) sessions"
            }
            if let oldest = stored.oldest, let newest = stored.newest {
                text += "; sightings from \(day(oldest)) to \(day(newest))"
            }
            return text + ". This file says where its owner has been (mode 0600): "
                + "'whereabouts db forget --area LAT,LON,RADIUS' or '--before DATE' removes part of it, "
                + "'whereabouts db export' shows it, deleting the file forgets everything"
        } catch {
            return "unusable: \(CommandFailure(error).message)"
        }
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
