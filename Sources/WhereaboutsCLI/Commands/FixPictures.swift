import Foundation
import Geolocation
import PositioningCore
import RadioMap
import SystemSupport

/// `locate --map FILE.svg` and `--geojson`: which pictures of one found fix were asked for
/// (drawn by `GeolocationPictures`).
struct FixPictures {
    /// Where to write the SVG, if asked.
    var svgPath: String?
    /// Whether to print GeoJSON instead of the geolocate response.
    var geoJSON: Bool

    /// Whether any picture was asked for.
    var isRequested: Bool { svgPath != nil || geoJSON }

    /// Writes the SVG when asked and the answer was found (no fix, no picture).
    func writeSVG(for answer: GeolocationAnswer) throws {
        guard let estimate = answer.estimate else { return }
        try writeSVG(estimate: estimate, input: answer.input, place: answer.place)
    }

    /// Writes the SVG of a fix when asked.
    func writeSVG(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) throws {
        guard let svgPath else { return }
        try MapFile.write(GeolocationPictures.svg(estimate: estimate, input: input, place: place), to: svgPath)
    }
}

/// Writes map pictures and `eval --plot`'s picture, mapping failures to the command layer's errors.
enum MapFile {
    /// Writes `svg` to `path` (0600: a picture of a fix is a position).
    static func write(_ svg: String, to path: String) throws(CommandFailure) {
        do {
            try PrivateFile.write(Array(svg.utf8), to: path)
        } catch {
            throw CommandFailure(.failure, "cannot write \(path): \(error)")
        }
    }
}
