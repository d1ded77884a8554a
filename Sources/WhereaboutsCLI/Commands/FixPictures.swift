import Foundation
import GeolocateServer
import MapRendering
import PositioningCore
import RadioMap

/// `locate --map FILE.svg` and `--geojson`: pictures of one found fix.
struct FixPictures {
    /// Where to write the SVG, if asked.
    var svgPath: String?
    /// Whether to print GeoJSON instead of the geolocate response.
    var geoJSON: Bool

    /// Whether any picture was asked for.
    var isRequested: Bool { svgPath != nil || geoJSON }

    private func fixMap(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) -> FixMap {
        var map = FixMap(estimate: estimate, input: input, placeDescription: place.map(PlaceJSON.description(of:)))
        if let place = place?.place.place { map.placeMarker = (place.name, place.coordinate) }
        return map
    }

    /// The GeoJSON FeatureCollection of a found fix.
    func geoJSON(for response: Locator.Response) -> String? {
        guard let estimate = response.estimate, let input = response.input else { return nil }
        return geoJSON(estimate: estimate, input: input, place: response.place)
    }

    /// The GeoJSON FeatureCollection of a fix and what it was made from.
    func geoJSON(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) -> String {
        FixGeoJSON.string(for: fixMap(estimate: estimate, input: input, place: place),
                          placeProperties: place.map(PlaceJSON.object(for:)))
    }

    /// Writes the SVG when asked and the fix was found (no fix, no picture).
    func writeSVG(for response: Locator.Response) throws {
        guard let estimate = response.estimate, let input = response.input else { return }
        try writeSVG(estimate: estimate, input: input, place: response.place)
    }

    /// Writes the SVG of a fix when asked.
    func writeSVG(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) throws {
        guard let svgPath else { return }
        try MapFile.write(FixMapRenderer().render(fixMap(estimate: estimate, input: input, place: place)), to: svgPath)
    }
}

/// Writes map pictures, mapping failures to the command layer's errors.
enum MapFile {
    /// Writes `svg` to `path` (0600: a picture of a fix is a position).
    static func write(_ svg: String, to path: String) throws(CommandFailure) {
        guard FileManager.default.createFile(atPath: path, contents: Data(svg.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw CommandFailure(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
