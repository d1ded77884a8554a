import MapRendering
import PositioningCore
import RadioMap

/// Pictures of one found fix, written one way for `locate --request` and the live `locate`:
/// the GeoJSON FeatureCollection (`--geojson`) and the SVG map (`--map`) of the fix, its
/// uncertainty circle, the emitters used and rejected, and the nearest place.
///
/// ```swift
/// if let geoJSON = GeolocationPictures.geoJSON(for: answer) { print(geoJSON) }
/// ```
public enum GeolocationPictures {
    /// The GeoJSON of a found answer; nil when nothing was found.
    public static func geoJSON(for answer: GeolocationAnswer) -> String? {
        answer.estimate.map { geoJSON(estimate: $0, input: answer.input, place: answer.place) }
    }

    /// The SVG of a found answer; nil when nothing was found.
    public static func svg(for answer: GeolocationAnswer) -> String? {
        answer.estimate.map { svg(estimate: $0, input: answer.input, place: answer.place) }
    }

    /// The GeoJSON FeatureCollection of a fix and what it was made from.
    public static func geoJSON(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) -> String {
        FixGeoJSON.string(
            for: fixMap(estimate: estimate, input: input, place: place), placeProperties: place.map(PlaceJSON.object(for:)))
    }

    /// The SVG picture of a fix and what it was made from.
    public static func svg(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) -> String {
        FixMapRenderer().render(fixMap(estimate: estimate, input: input, place: place))
    }

    private static func fixMap(estimate: PositionEstimate, input: EstimationInput, place: NearbyPlace?) -> FixMap {
        var map = FixMap(estimate: estimate, input: input, placeDescription: place.map(GeolocationText.description(of:)))
        if let place = place?.place.place { map.placeMarker = (place.name, place.coordinate) }
        return map
    }
}
