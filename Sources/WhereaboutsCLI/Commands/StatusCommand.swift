import ArgumentParsing
import Cellular
import Foundation
import GNSS
import JSONCodec
import PositioningCore
import RadioMap
import SystemSupport
import WiFiScanner

/// `whereabouts status`: Core Location's availability checks, for each source and the radio map.
struct StatusCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether location services are enabled and which sources can run here, and why not.",
        discussion: "An NMEA network input (--nmea) is probed: connected or bound, then a sentence waited for, up to 3 s.")

    @Option("--db", help: "Radio map to describe (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite).") var database: FilePath?
    @OptionGroup var gnss: GNSSOptions
    @Flag("--json", help: "Print the status as JSON.") var json: Bool

    /// One source's availability, in the three states Core Location distinguishes.
    struct SourceStatus {
        var source: String
        var state: String  // available, unavailable, denied
        var detail: String
        var remedy: String?
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let gpsdText = gnss.gpsd?.description ?? configuration.gpsd
        let nmea = gnss.nmeaInput(configuration: configuration)
        async let gps = Self.gpsStatus(gpsd: gpsdText, nmea: nmea)
        async let cell = Self.cellStatus()
        async let wifi = Self.wifiStatus()
        let sources = try await [gps, cell, wifi]
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
                writer.write(status.source)
                writer.writeKey("state")
                writer.write(status.state)
                writer.writeKey(status.state == "available" ? "detail" : "reason")
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
                text += "\(status.source.padding(toLength: 5, withPad: " ", startingAt: 0)) \(status.state): \(status.detail)\n"
                if let remedy = status.remedy { text += "      → \(remedy)\n" }
            }
            text += "Radio map: \(databasePath)\n      \(radioMap)\n"
            context.output.write(text)
        }
        return configuration.enabled ? .success : .disabled
    }

    private static func gpsStatus(gpsd: String?, nmea: NMEAInput?) async throws -> SourceStatus {
        let availability: GNSSAvailability
        if let nmea {
            // A network input is probed: connected or bound, then a sentence waited for.
            availability = await DedicatedThread.run("nmea probe") { NMEAReader(input: nmea).availability() }
        } else {
            var endpoint = GPSDEndpoint.standard
            if let gpsd {
                guard let parsed = GPSDEndpoint(parsing: gpsd) else {
                    throw CommandFailure.usage("--gpsd expects HOST:PORT, got '\(gpsd)'")
                }
                endpoint = parsed
            }
            availability = await GPSDClient(endpoint: endpoint).availability()
        }
        switch availability {
        case .available(let detail): return SourceStatus(source: "gps", state: "available", detail: detail)
        case .unavailable(let reason, let remedy): return SourceStatus(source: "gps", state: "unavailable", detail: reason, remedy: remedy)
        case .denied(let reason, let remedy): return SourceStatus(source: "gps", state: "denied", detail: reason, remedy: remedy)
        }
    }

    private static func cellStatus() async -> SourceStatus {
        switch await ModemManagerSource().availability() {
        case .available(let detail): SourceStatus(source: "cell", state: "available", detail: detail)
        case .unavailable(let reason, let remedy): SourceStatus(source: "cell", state: "unavailable", detail: reason, remedy: remedy)
        case .denied(let reason, let remedy): SourceStatus(source: "cell", state: "denied", detail: reason, remedy: remedy)
        }
    }

    private static func wifiStatus() async -> SourceStatus {
        do {
            let interfaces = try await WiFiScanner().interfaces()
            return SourceStatus(source: "wifi", state: "available", detail: "interfaces: \(interfaces.map(\.name).joined(separator: ", "))")
        } catch {
            switch error.exitCode {
            case ExitCode.permissionDenied.rawValue:
                return SourceStatus(source: "wifi", state: "denied", detail: error.description,
                                    remedy: "run as a user allowed to use netlink, or use 'whereabouts scan --cached'")
            default:
                return SourceStatus(source: "wifi", state: "unavailable", detail: error.description,
                                    remedy: "use a machine with a Wi-Fi adapter and its driver loaded (cfg80211)")
            }
        }
    }

    private static func radioMapSummary(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
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
