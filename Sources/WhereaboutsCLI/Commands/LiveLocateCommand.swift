import Foundation
import GNSS
import GeolocateServer
import PositioningCore
import RadioMap

/// The live half of `whereabouts locate`: option handling and output around `LiveLocator`.
enum LiveLocateCommand {
    static func run(
        _ arguments: ParsedArguments, configuration: Configuration, paths: StandardPaths, context: CommandContext
    ) async throws -> ExitCode {
        let sourceText = arguments.value("--sources") ?? configuration.sources?.joined(separator: ",")
        var sources = PositioningSource.defaultOrder
        if let sourceText {
            switch PositioningSource.parseList(sourceText) {
            case .success(let parsed): sources = parsed
            case .failure(let error): throw CommandFailure.usage(error.description)
            }
        }
        let accuracyText = arguments.value("--desired-accuracy") ?? configuration.desiredAccuracy ?? "best"
        guard let desired = DesiredAccuracy(parsing: accuracyText) else {
            throw CommandFailure.usage("--desired-accuracy expects metres or one of: \(DesiredAccuracy.names.keys.sorted().joined(separator: ", "))")
        }
        let timeout = try arguments.number("--timeout") ?? 10
        guard timeout > 0 else { throw CommandFailure.usage("--timeout must be positive") }
        var gpsd = GPSDEndpoint.standard
        if let text = arguments.value("--gpsd") ?? configuration.gpsd {
            guard let parsed = GPSDEndpoint(parsing: text) else { throw CommandFailure.usage("--gpsd expects HOST:PORT, got '\(text)'") }
            gpsd = parsed
        }
        let locator = LiveLocator(
            sources: sources, desiredAccuracy: desired, timeout: .milliseconds(Int(timeout * 1000)), gpsd: gpsd,
            nmeaDevice: arguments.value("--nmea-device") ?? configuration.nmeaDevice,
            radioMapPath: paths.databasePath(option: arguments.value("--db"), configuration: configuration))
        let result = await locator.locate()
        let pictures = FixPictures(svgPath: arguments.value("--map"), geoJSON: arguments.flag("--geojson"))
        let place = result.estimate.flatMap { nearestPlace(to: $0.location.coordinate, radioMapPath: locator.radioMapPath) }
        if let estimate = result.estimate {
            try pictures.writeSVG(estimate: estimate, input: result.input, place: place)
        }

        if pictures.geoJSON, let estimate = result.estimate {
            context.output.line(pictures.geoJSON(estimate: estimate, input: result.input, place: place))
        } else if arguments.flag("--json") || pictures.geoJSON {
            if let estimate = result.estimate {
                var fields: JSONObject = [:]
                if let place { fields.append(key: "place", value: .object(PlaceJSON.object(for: place))) }
                let response = GeolocateResponse(
                    estimate: estimate, fallbackTrail: result.attempts.map(\.jsonValue), includesTimestamp: true,
                    extraFields: fields)
                context.output.line(response.jsonString)
            } else {
                let error = GeolocateErrorResponse(
                    code: 404, reason: "notFound", message: "Not found", domain: "geolocation",
                    extraFields: ["fallback": .array(result.attempts.map(\.jsonValue))])
                context.output.line(error.jsonString)
            }
        } else {
            context.output.write(text(for: result, place: place))
        }
        guard result.estimate != nil else {
            // Nothing fixed: "unknown" if a source ran, else why none could.
            if result.attempts.contains(where: { $0.outcome == .noFix }) { return .locationUnknown }
            if !result.attempts.isEmpty && result.attempts.allSatisfy({ $0.outcome == .denied }) { return .permissionDenied }
            if !arguments.flag("--json") { context.errors.line("Error: no location source is available here (see 'whereabouts status')") }
            return .unavailable
        }
        return .success
    }

    /// The nearest populated place, when a radio map with places exists (a GPS fix needs none).
    private static func nearestPlace(to coordinate: Coordinate, radioMapPath: String) -> NearbyPlace? {
        guard FileManager.default.fileExists(atPath: radioMapPath),
            let radioMap = try? RadioMap(path: radioMapPath, mode: .readOnly),
            (try? radioMap.hasPlaces()) == true
        else { return nil }
        return try? radioMap.nearestPlace(to: coordinate)
    }

    static func text(for result: LiveLocator.Result, place: NearbyPlace? = nil) -> String {
        var text = ""
        if let estimate = result.estimate {
            let location = estimate.location
            text += String(format: "%.6f, %.6f ± %.0f m (68 %%) from %@", location.coordinate.latitude,
                           location.coordinate.longitude, location.horizontalAccuracy, location.source.rawValue)
            if location.verticalAccuracy > 0 { text += String(format: ", altitude %.0f m", location.altitude) }
            text += "\n"
            if let place { text += "  \(PlaceJSON.description(of: place))\n" }
        } else {
            text += "No position.\n"
        }
        for attempt in result.attempts {
            var line = "  \(attempt.source.rawValue): \(attempt.outcome.rawValue)"
            if let accuracy = attempt.accuracy { line += String(format: " (± %.0f m)", accuracy) }
            if let reason = attempt.reason { line += " — \(reason)" }
            text += line + "\n"
        }
        return text
    }
}
