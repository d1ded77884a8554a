import ArgumentParsing
import Foundation
import GNSS
import Geolocation
import JSONCodec
import LocationService
import PositioningCore
import RadioMap
import SurveyFormats

/// The live half of `whereabouts locate`: option handling and output around
/// `LocationManager.requestLocation`.
enum LiveLocateCommand {
    static func run(
        _ command: LocateCommand, configuration: Configuration, paths: StandardPaths, context: CommandContext
    ) async throws -> ExitCode {
        let setup = try LiveSetup(command.live, database: command.database, configuration: configuration, paths: paths)
        let maximumAge = command.maximumAge?.seconds
        let manager = setup.manager(radios: setup.liveRadios())
        let fix: LocationFix?
        var attempts: [SourceAttempt] = []
        var failure: LocationError?
        do {
            fix = try await manager.requestLocation(maximumAge: maximumAge)
            attempts = fix?.attempts ?? []
        } catch {
            fix = nil
            failure = error
            attempts = error.attempts
        }
        let pictures = command.pictures
        let place = fix.flatMap { nearestPlace(to: $0.location.coordinate, radioMapPath: setup.radioMapPath) }
        if let fix {
            try pictures.writeSVG(estimate: fix.estimate, input: fix.input, place: place)
        }

        if pictures.geoJSON, let fix {
            context.output.line(GeolocationPictures.geoJSON(estimate: fix.estimate, input: fix.input, place: place))
        } else if command.json || pictures.geoJSON {
            if let fix {
                context.output.line(FixJSON.response(for: fix, place: place).jsonString)
            } else {
                context.output.line(FixJSON.notFound(after: attempts).jsonString)
            }
        } else {
            context.output.write(text(for: fix, attempts: attempts, place: place, now: Date()))
        }
        guard let failure else { return .success }
        if case .noSources = failure, !command.json {
            context.errors.line("Error: no location source is available here (see 'whereabouts status')")
        }
        return ExitCode(rawValue: failure.exitCode) ?? .failure
    }

    /// The nearest populated place, when a radio map with places exists (a GPS fix needs none).
    private static func nearestPlace(to coordinate: Coordinate, radioMapPath: String) -> NearbyPlace? {
        guard FileManager.default.fileExists(atPath: radioMapPath),
            let radioMap = try? RadioMap(path: radioMapPath, mode: .readOnly),
            (try? radioMap.hasPlaces()) == true
        else { return nil }
        return try? radioMap.nearestPlace(to: coordinate)
    }

    static func text(for fix: LocationFix?, attempts: [SourceAttempt], place: NearbyPlace? = nil, now: Date) -> String {
        var text = ""
        if let fix {
            text += FixJSON.line(for: fix)
            if fix.isCached {
                text += String(format: " (cached, %.0f s old)", max(0, now.timeIntervalSince(fix.location.timestamp)))
            }
            text += "\n"
            if let place { text += "  \(GeolocationText.description(of: place))\n" }
        } else {
            text += "No position.\n"
        }
        for attempt in attempts {
            var line = "  \(attempt.source.rawValue): \(attempt.outcome.rawValue)"
            if let accuracy = attempt.accuracy { line += String(format: " (± %.0f m)", accuracy) }
            if let reason = attempt.reason { line += " — \(reason)" }
            text += line + "\n"
        }
        return text
    }
}

extension SourceAttempt {
    /// The trail entry as JSON for the response's `fallback` array.
    var jsonValue: JSONValue {
        var object: JSONObject = ["source": .string(source.rawValue), "outcome": .string(outcome.rawValue)]
        if let reason { object.append(key: "reason", value: .string(reason)) }
        if let accuracy { object.append(key: "accuracy", value: .number((accuracy * 10).rounded() / 10)) }
        return .object(object)
    }
}
