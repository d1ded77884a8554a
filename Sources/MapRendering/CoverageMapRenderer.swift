import Foundation
import PositioningCore

/// Draws a `CoverageMap` as a self-contained SVG: a legend panel on the left, and on the right
/// a north-up map of the survey positions (orange), access points (green when usable, red when
/// moved or travelling, grey when unproven), cells (purple squares with their range), the
/// places in the area, and a scale bar.
///
/// ```swift
/// let svg = CoverageMapRenderer().render(try radioMap.coverage(center: nil, radius: nil))
/// ```
public struct CoverageMapRenderer: Sendable {
    /// Places labelled on the map, most populous first.
    public var labelledPlaces = 12

    /// Creates a renderer with the default layout.
    public init() {}

    /// The SVG text for `map`.
    public func render(_ map: CoverageMap) -> String {
        let side = MapStyle.mapSide
        let left = MapStyle.panelWidth
        let viewport = MapViewport(center: map.center, radius: map.radius, side: side, pixelCenter: (left + side / 2, side / 2))
        let scale = ScaleBar(metresPerPixel: viewport.metresPerPixel, maximumPixels: side / 4)
        var svg = SVGDocument(width: left + side, height: side, title: "Whereabouts radio map coverage")
        svg.mapBackground(x: left, y: 0, side: side, spacing: scale.pixels)
        func visible(_ point: (x: Double, y: Double), margin: Double = 0) -> Bool {
            point.x >= left - margin && point.x <= left + side + margin && point.y >= -margin && point.y <= side + margin
        }

        svg.beginGroup(["id": "cell-ranges", "fill": "none", "stroke": MapStyle.cell,
                        "stroke-opacity": "0.45", "stroke-width": "1", "stroke-dasharray": "4 4"])
        for cell in map.cells {
            let point = viewport.point(cell.coordinate)
            let radius = viewport.pixels(cell.radius)
            guard visible(point, margin: radius) else { continue }
            svg.circle(x: point.x, y: point.y, radius: radius, attributes: [:])
        }
        svg.endGroup()

        svg.beginGroup(["id": "survey-track", "fill": MapStyle.track, "fill-opacity": "0.6"])
        for coordinate in map.track {
            let point = viewport.point(coordinate)
            guard visible(point) else { continue }
            svg.circle(x: point.x, y: point.y, radius: 1.6, attributes: [:])
        }
        svg.endGroup()

        svg.beginGroup(["id": "access-points", "stroke": "#ffffff", "stroke-width": "0.8"])
        for accessPoint in map.accessPoints.sorted(by: { Self.drawingOrder($0.status) < Self.drawingOrder($1.status) }) {
            let point = viewport.point(accessPoint.coordinate)
            guard visible(point) else { continue }
            svg.circle(x: point.x, y: point.y, radius: accessPoint.status == .unproven ? 2.5 : 3.5,
                       attributes: ["fill": Self.color(accessPoint.status)])
        }
        svg.endGroup()

        svg.beginGroup(["id": "cells"])
        for cell in map.cells {
            let point = viewport.point(cell.coordinate)
            guard visible(point) else { continue }
            svg.emitterMarker(.cell, at: point, size: 6, attributes: ["fill": MapStyle.cell, "stroke": "#ffffff", "stroke-width": "1.5"])
        }
        svg.endGroup()

        svg.beginGroup(["id": "places"])
        var labelled = 0
        for place in map.places.sorted(by: { $0.population > $1.population }) where labelled < labelledPlaces {
            let point = viewport.point(place.coordinate)
            guard visible(point) else { continue }
            labelled += 1
            svg.rectangle(x: point.x - 4, y: point.y - 4, width: 8, height: 8, attributes: ["fill": MapStyle.ink])
            svg.text(place.name, x: point.x + 8, y: point.y - 6, attributes: [
                "font-size": "14", "font-weight": "bold", "fill": MapStyle.ink,
                "stroke": MapStyle.paper, "stroke-width": "3", "paint-order": "stroke"])
        }
        svg.endGroup()

        scale.draw(into: &svg, x: left + 24, y: side - 24)
        drawPanel(map, into: &svg)
        return svg.finish()
    }

    private func drawPanel(_ map: CoverageMap, into svg: inout SVGDocument) {
        var panel = MapPanel(into: &svg)
        panel.write("What the radio map knows", size: 19, bold: true, gap: 28, into: &svg)
        panel.write("around \(FixMapRenderer.coordinateText(map.center))", size: 13, into: &svg)
        panel.write("within \(FixMapRenderer.metresText(map.radius))", size: 13, gap: 30, into: &svg)
        func counted(_ shown: Int, _ total: Int, _ noun: String) -> String {
            let name = total == 1 ? String(noun.dropLast()) : noun
            return shown < total ? "\(total) \(name) (\(shown) drawn)" : "\(total) \(name)"
        }
        panel.write(counted(map.accessPoints.count, map.accessPointTotal, "Wi-Fi access points"), bold: true, into: &svg)
        panel.write(counted(map.cells.count, map.cellTotal, "cells"), bold: true, into: &svg)
        panel.write(counted(map.track.count, map.trackTotal, "survey positions"), bold: true, into: &svg)
        panel.write(map.places.count == 1 ? "1 place" : "\(map.places.count) places", bold: true, gap: 32, into: &svg)

        panel.write("Legend", size: 15, bold: true, gap: 24, into: &svg)
        panel.legendRow("access point, usable", into: &svg) { $0.circle(x: $1.x, y: $1.y, radius: 5, attributes: ["fill": Self.color(.usable)]) }
        panel.legendRow("access point, moved or travelling", into: &svg) {
            $0.circle(x: $1.x, y: $1.y, radius: 5, attributes: ["fill": Self.color(.moved)])
        }
        panel.legendRow("access point, not yet proven", into: &svg) {
            $0.circle(x: $1.x, y: $1.y, radius: 5, attributes: ["fill": Self.color(.unproven)])
        }
        panel.legendRow("cell tower and its range", into: &svg) { svg, point in
            svg.circle(x: point.x, y: point.y, radius: 11, attributes: [
                "fill": "none", "stroke": MapStyle.cell, "stroke-dasharray": "3 3"])
            svg.emitterMarker(.cell, at: point, size: 5, attributes: ["fill": MapStyle.cell])
        }
        panel.legendRow("where surveys recorded", into: &svg) { svg, point in
            for offset in [-8.0, -3, 2, 7] { svg.circle(x: point.x + offset, y: point.y + offset / 3, radius: 1.8, attributes: ["fill": MapStyle.track]) }
        }
        panel.legendRow("populated place", into: &svg) { $0.rectangle(x: $1.x - 4, y: $1.y - 4, width: 8, height: 8, attributes: ["fill": MapStyle.ink]) }
        panel.finish(into: &svg)
    }

    static func color(_ status: EmitterStatus) -> String {
        switch status {
        case .usable: MapStyle.used
        case .moved, .travelling: MapStyle.rejected
        case .unproven: "#a8a8a8"
        }
    }

    /// Usable access points last, so the ones that count are never hidden.
    private static func drawingOrder(_ status: EmitterStatus) -> Int {
        status == .usable ? 1 : 0
    }
}
