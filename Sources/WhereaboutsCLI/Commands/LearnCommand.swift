import ArgumentParsing
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts learn --here LAT,LON[,ACCURACY] | --at PLACE [--scan FILE]`: pins what the
/// laptop hears (now, or in a recorded scan) to a known position, so home and office are known
/// without any GPS.
struct LearnCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Pin what this machine hears now (or a recorded scan) to a position you know, without a GPS.",
        discussion: """
            --here takes the position as LAT,LON with an optional ACCURACY in metres (default \
            50 m, a spot read off a map). --at looks PLACE up in the imported GeoNames places \
            (as `geocode` does, the best match); a place's position is its centroid, not where \
            the laptop is, so unless --accuracy is given it is pinned with the place's extent as \
            its accuracy (from its population: 1 km for a village to 20 km for a city), and what \
            is learned there answers `locate` with a radius that wide.

            Without --scan a Wi-Fi \
            scan is made and the modem's serving cell read; --scan FILE takes a geolocate request \
            (JSON) or a replay trace (`scan --record`, JSON lines) instead.

            Opted-out networks \
            (_nomap) and lone randomized addresses are left out, as in learning. The sightings \
            are recorded as one import (format pinned): `db imports` lists it and `db \
            forget-import ID` takes it back.
            """,
        usage: [
            "--here LAT,LON[,ACCURACY] [--scan FILE] [--db PATH] [--json]",
            "--at PLACE [--accuracy M] [--scan FILE] [--db PATH] [--json]",
        ],
        examples: [
            "whereabouts learn --here 52.52437,13.41053,15",
            "whereabouts learn --at \"Herzliya\" --scan office.scan.jsonl",
            "whereabouts locate --request office.json",
        ])

    /// Where the scans are pinned, and how sure that is.
    struct Pin {
        var coordinate: Coordinate
        var accuracy: Double
        /// The place's name, for `--at`.
        var place: String?
        /// How the accuracy was set, for the summary.
        var accuracyNote: String
    }

    @Option("--here", group: "position", help: "The position to pin, with its accuracy in metres (default 50).")
    var here: PositionArgument?
    @Option("--at", valueName: "PLACE", group: "position", help: "A place among the imported GeoNames places.") var at: String?
    @Option("--accuracy", valueName: "M", group: "position", help: "With --at: the position's accuracy in metres (default: the place's extent).")
    var accuracy: Double?
    @Option("--scan", valueName: "FILE", help: "A recorded scan (geolocate request or scan --record trace) instead of scanning now.")
    var scan: FilePath?
    @Option("--interface", valueName: "IF", help: "Wi-Fi interface to scan (default: the first).") var interface: String?
    @Option("--timeout", help: "Time budget of the live scan and the modem (default 10).") var timeout: Duration = .seconds(10)
    @Option("--db", help: "Radio map to write (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite).") var database: FilePath?
    @Flag("--json", help: "Print the summary as JSON.") var json: Bool

    func validate() throws(UsageError) {
        if let accuracy, !(accuracy > 0) { throw .usage("--accuracy must be positive") }
        switch (here, at) {
        case (nil, nil): throw .usage("learn needs --here LAT,LON[,ACCURACY] or --at PLACE")
        case (_?, _?): throw .usage("--here and --at cannot be combined")
        case (_?, nil) where accuracy != nil: throw .usage("--accuracy goes with --at; give --here LAT,LON,ACCURACY")
        default: break
        }
        guard timeout > .zero else { throw .usage("--timeout must be positive") }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let databasePath = paths.databasePath(option: database?.string, configuration: configuration)
        let radioMap = try RadioMap(path: databasePath, mode: .readWrite)
        let pin = try resolvePin(radioMap: radioMap)
        let samples: [RadioSample]
        if let scan {
            samples = try PinnedScan.read(scan.string)
        } else {
            samples = [try await PinnedScan.listen(interface: interface, timeout: timeout.seconds, context: context)]
        }

        let name = pin.place.map { "learn --at \($0)" }
            ?? String(format: "learn --here %.6f,%.6f,%.0f", pin.coordinate.latitude, pin.coordinate.longitude, pin.accuracy)
        let report = try LearningSession.pin(samples, at: pin.coordinate, accuracy: pin.accuracy, in: radioMap, name: name)
        guard let importID = report.importID, report.observationsStored > 0 else {
            let skipped = report.optedOutSkipped + report.randomizedSkipped
            throw CommandFailure(.dataError, "nothing to pin: the scan holds no access point or cell that may be recorded"
                                 + (skipped > 0 ? " (\(skipped) opted out or randomized)" : ""))
        }
        if json {
            var object: JSONObject = [
                "import": .number(Double(importID)), "observations": .number(Double(report.observationsStored)),
                "location": ["lat": .number(pin.coordinate.latitude), "lng": .number(pin.coordinate.longitude)],
                "accuracy": .number(pin.accuracy), "accessPointsNew": .number(Double(report.accessPointsNew)),
                "accessPointsUpdated": .number(Double(report.accessPointsUpdated)),
                "cellsNew": .number(Double(report.cellsNew)), "cellsUpdated": .number(Double(report.cellsUpdated)),
                "skipped": .number(Double(report.optedOutSkipped + report.randomizedSkipped)),
            ]
            if let place = pin.place { object.append(key: "place", value: .string(place)) }
            context.output.line(String(decoding: JSONWriter.encode(.object(object)), as: UTF8.self))
        } else {
            let place = pin.place.map { " (\($0))" } ?? ""
            context.output.line(String(
                format: "Pinned %@ sightings at %.6f, %.6f%@ ± %@ m (%@) as import %lld",
                ImportReport.count(report.observationsStored), pin.coordinate.latitude, pin.coordinate.longitude, place,
                ImportReport.count(Int(pin.accuracy)), pin.accuracyNote, importID))
            context.output.line("  access points: \(report.accessPointsNew) new, \(report.accessPointsUpdated) updated; "
                                + "cells: \(report.cellsNew) new, \(report.cellsUpdated) updated"
                                + (report.optedOutSkipped + report.randomizedSkipped > 0
                                    ? "; \(report.optedOutSkipped) opted out and \(report.randomizedSkipped) randomized left out" : ""))
            context.output.line("  `whereabouts db forget-import \(importID)` takes it back")
        }
        return .success
    }

    /// The position of `--here` or `--at` (exactly one of them).
    func resolvePin(radioMap: RadioMap) throws -> Pin {
        let accuracyOption = accuracy
        switch (here, at) {
        case (let here?, nil):
            return Pin(coordinate: here.coordinate, accuracy: here.accuracy ?? 50, place: nil,
                       accuracyNote: here.accuracy != nil ? "as given" : "the default for a position given without accuracy")
        case (nil, let name?):
            guard try radioMap.hasPlaces() else {
                throw CommandFailure(.unavailable, "the radio map \(radioMap.path) has no places; import a GeoNames dump (cities500.txt) first")
            }
            guard let match = try radioMap.places(named: name, limit: 1).first else {
                throw CommandFailure(.dataError, "no place named '\(name)' among the imported places (see `whereabouts geocode`)")
            }
            let place = match.place
            return Pin(coordinate: place.coordinate, accuracy: accuracyOption ?? place.centroidRadius, place: match.displayName,
                       accuracyNote: accuracyOption != nil ? "as given" : "the place's centroid: its extent, not a point")
        case (nil, nil): throw CommandFailure.usage("learn needs --here LAT,LON[,ACCURACY] or --at PLACE")
        case (_?, _?): throw CommandFailure.usage("--here and --at cannot be combined")
        }
    }
}
