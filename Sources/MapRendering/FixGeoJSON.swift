import Foundation
import JSONCodec
import PositioningCore

/// A `FixMap` as a GeoJSON FeatureCollection (RFC 7946), for GIS tools and web maps: the fix
/// (Point), its 68 % uncertainty circle (Polygon), and the emitters that have a position
/// (Points with `role` used/rejected, `weight` or `reason`).
///
/// ```swift
/// let text = FixGeoJSON.string(for: FixMap(estimate: estimate, input: input))
/// ```
public enum FixGeoJSON {
    /// Vertices of the circle polygon (the ring repeats the first one to close).
    public static let circleVertices = 64
    /// Decimal places of coordinates (7 ≈ 1 cm).
    public static let coordinateDecimals = 7

    /// The FeatureCollection as a JSON value.
    public static func featureCollection(for map: FixMap, placeProperties: JSONObject? = nil) -> JSONValue {
        let location = map.location
        var fixProperties: JSONObject = [
            "role": "fix", "accuracy": .number(rounded(location.horizontalAccuracy, 1)),
            "source": .string(location.source.rawValue), "method": .string(map.method.rawValue),
        ]
        if let placeProperties { fixProperties.append(key: "place", value: .object(placeProperties)) }
        var features: [JSONValue] = [
            feature(geometry: point(location.coordinate), properties: fixProperties),
            feature(geometry: circle(around: location.coordinate, radius: location.horizontalAccuracy),
                    properties: ["role": "uncertainty", "radius": .number(rounded(location.horizontalAccuracy, 1)),
                                 "probability": 0.68]),
        ]
        for emitter in map.used {
            guard let coordinate = emitter.coordinate else { continue }
            features.append(feature(geometry: point(coordinate), properties: [
                "role": "used", "id": .string(emitter.id), "kind": .string(emitter.kind.rawValue),
                "weight": .number(rounded(emitter.weight, 3)),
            ]))
        }
        for emitter in map.rejected {
            guard let coordinate = emitter.coordinate else { continue }
            features.append(feature(geometry: point(coordinate), properties: [
                "role": "rejected", "id": .string(emitter.id), "kind": .string(emitter.kind.rawValue),
                "reason": .string(emitter.rejection?.rawValue ?? "rejected"),
            ]))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// The FeatureCollection as compact JSON text.
    public static func string(for map: FixMap, placeProperties: JSONObject? = nil) -> String {
        String(decoding: JSONWriter.encode(featureCollection(for: map, placeProperties: placeProperties)), as: UTF8.self)
    }

    private static func feature(geometry: JSONValue, properties: JSONObject) -> JSONValue {
        ["type": "Feature", "geometry": geometry, "properties": .object(properties)]
    }

    /// GeoJSON positions are longitude first.
    private static func position(_ coordinate: Coordinate) -> JSONValue {
        [.number(rounded(coordinate.longitude, coordinateDecimals)), .number(rounded(coordinate.latitude, coordinateDecimals))]
    }

    private static func point(_ coordinate: Coordinate) -> JSONValue {
        ["type": "Point", "coordinates": position(coordinate)]
    }

    /// A circle as a closed ring, counter-clockwise as RFC 7946 §3.1.6 asks of exterior rings.
    private static func circle(around center: Coordinate, radius: Double) -> JSONValue {
        var ring: [JSONValue] = []
        for index in 0...circleVertices {
            let bearing = 360 - Double(index % circleVertices) * 360 / Double(circleVertices)
            ring.append(position(Geodesy.destination(from: center, distance: radius, bearing: bearing)))
        }
        return ["type": "Polygon", "coordinates": [.array(ring)]]
    }

    private static func rounded(_ value: Double, _ decimals: Int) -> Double {
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
