import Foundation
import PositioningCore

/// Draws a `FixMap` as a self-contained SVG: a legend panel on the left, and on the right a
/// north-up map of the fix (blue dot), its 68 % uncertainty circle, the emitters that counted
/// (green, sized by weight, with a line to the fix) and those rejected (red cross and reason),
/// with a scale bar. Emitters the radio map does not know are listed in the panel.
///
/// ```swift
/// let svg = FixMapRenderer().render(FixMap(estimate: estimate, input: input))
/// try svg.write(toFile: "fix.svg", atomically: true, encoding: .utf8)
/// ```
public struct FixMapRenderer: Sendable {
    /// Rejected emitters farther than this many view radii are listed, not drawn, so one
    /// far-away outlier does not shrink the fix to a dot.
    public var outlierCutoff = 4.0
    /// Used emitters labelled with their weight, heaviest first (more would clutter).
    public var labelledEmitters = 8

    /// Creates a renderer with the default layout.
    public init() {}

    /// The SVG text for `map`.
    public func render(_ map: FixMap) -> String {
        let fix = map.location.coordinate
        let accuracy = max(map.location.horizontalAccuracy, 1)
        let usedPlaced = map.used.compactMap { emitter in emitter.coordinate.map { (emitter, $0) } }
        let core = MapViewport.radius(
            around: fix, covering: [(fix, accuracy)] + usedPlaced.map { ($0.1, 0) }, margin: 0.18, minimum: 60)
        let rejectedPlaced = map.rejected.compactMap { emitter in emitter.coordinate.map { (emitter, $0) } }
        let nearRejected = rejectedPlaced.filter { Geodesy.distance(from: fix, to: $0.1) <= core * outlierCutoff }
        let radius = MapViewport.radius(
            around: fix, covering: [(fix, core / 1.18)] + nearRejected.map { ($0.1, 0) }, margin: 0.18, minimum: 60)
        let side = MapStyle.mapSide
        let left = MapStyle.panelWidth
        let viewport = MapViewport(center: fix, radius: radius, side: side, pixelCenter: (left + side / 2, side / 2))
        let scale = ScaleBar(metresPerPixel: viewport.metresPerPixel, maximumPixels: side / 4)

        var svg = SVGDocument(width: left + side, height: side, title: "Whereabouts fix \(Self.coordinateText(fix))")
        svg.mapBackground(x: left, y: 0, side: side, spacing: scale.pixels)
        let fixPoint = viewport.point(fix)

        svg.beginGroup(["id": "uncertainty"])
        svg.circle(x: fixPoint.x, y: fixPoint.y, radius: viewport.pixels(accuracy),
                   attributes: ["fill": MapStyle.fix, "fill-opacity": "0.15", "stroke": MapStyle.fix, "stroke-width": "2",
                                "stroke-dasharray": "8 5"])
        svg.endGroup()

        svg.beginGroup(["id": "rejected-emitters"])
        for (emitter, coordinate) in nearRejected {
            let point = viewport.point(coordinate)
            svg.rejectionMarker(at: point, size: 6)
            svg.text(emitter.rejection?.rawValue ?? "rejected", x: point.x + 10, y: point.y + 4,
                     attributes: ["font-size": "12", "fill": MapStyle.rejected, "font-weight": "bold",
                                  "stroke": MapStyle.paper, "stroke-width": "3", "paint-order": "stroke"])
        }
        svg.endGroup()

        svg.beginGroup(["id": "used-emitters"])
        let heaviest = max(map.used.map(\.weight).max() ?? 1, 1e-9)
        for (_, coordinate) in usedPlaced {
            svg.line(from: fixPoint, to: viewport.point(coordinate),
                     attributes: ["stroke": MapStyle.used, "stroke-opacity": "0.35", "stroke-width": "1.5"])
        }
        var labels: [(x: Double, y: Double)] = []
        for (index, (emitter, coordinate)) in usedPlaced.enumerated() {
            let point = viewport.point(coordinate)
            let size = 4 + 10 * (emitter.weight / heaviest).squareRoot()
            svg.emitterMarker(emitter.kind, at: point, size: size,
                              attributes: ["fill": emitter.kind == .accessPoint ? MapStyle.used : MapStyle.cell,
                                           "fill-opacity": "0.85", "stroke": "#ffffff", "stroke-width": "1.5"])
            let labelAt = (x: point.x + size + 3, y: point.y + 4)
            // Skip a label that would overprint an earlier (heavier) one: near routers cluster.
            let overlaps = labels.contains { abs($0.x - labelAt.x) < 38 && abs($0.y - labelAt.y) < 14 }
            if index < labelledEmitters, !overlaps {
                labels.append(labelAt)
                svg.text("\(Int((emitter.weight * 100).rounded())) %", x: labelAt.x, y: labelAt.y,
                         attributes: ["font-size": "12", "fill": MapStyle.ink,
                                      "stroke": MapStyle.paper, "stroke-width": "3", "paint-order": "stroke"])
            }
        }
        svg.endGroup()

        if let marker = map.placeMarker {
            let point = viewport.point(marker.coordinate)
            if point.x > left + 10, point.x < left + side - 10, point.y > 10, point.y < side - 10 {
                svg.beginGroup(["id": "place"])
                svg.rectangle(x: point.x - 4, y: point.y - 4, width: 8, height: 8, attributes: ["fill": MapStyle.ink])
                svg.text(marker.name, x: point.x + 8, y: point.y - 6, attributes: [
                    "font-size": "14", "font-weight": "bold", "fill": MapStyle.ink,
                    "stroke": MapStyle.paper, "stroke-width": "3", "paint-order": "stroke"])
                svg.endGroup()
            }
        }

        svg.beginGroup(["id": "fix"])
        svg.circle(x: fixPoint.x, y: fixPoint.y, radius: 8,
                   attributes: ["fill": MapStyle.fix, "stroke": "#ffffff", "stroke-width": "3"])
        svg.text("±\(Self.metresText(accuracy))", x: fixPoint.x, y: fixPoint.y - viewport.pixels(accuracy) - 6,
                 attributes: ["font-size": "13", "font-weight": "bold", "text-anchor": "middle", "fill": MapStyle.fix,
                              "stroke": MapStyle.paper, "stroke-width": "3", "paint-order": "stroke"])
        svg.endGroup()

        scale.draw(into: &svg, x: left + 24, y: side - 24)
        drawPanel(map, into: &svg, offMap: rejectedPlaced.count - nearRejected.count,
                  unplacedUsed: map.used.count - usedPlaced.count)
        return svg.finish()
    }

    private func drawPanel(_ map: FixMap, into svg: inout SVGDocument, offMap: Int, unplacedUsed: Int) {
        var panel = MapPanel(into: &svg)
        panel.write("You are here", size: 22, bold: true, gap: 28, into: &svg)
        if let place = map.placeDescription {
            for line in Self.wrap(place, width: 34) { panel.write(line, size: 14, bold: true, color: MapStyle.fix, into: &svg) }
            panel.skip(4)
        }
        panel.write(Self.coordinateText(map.location.coordinate), size: 14, into: &svg)
        panel.write("within \(Self.metresText(map.location.horizontalAccuracy)) (68 % likely)", size: 14, into: &svg)
        panel.write("from \(map.location.source.rawValue), method \(map.method.rawValue)", color: MapStyle.mutedInk, gap: 34, into: &svg)

        panel.write("Legend", size: 15, bold: true, gap: 24, into: &svg)
        panel.legendRow("estimated position", into: &svg) { svg, point in
            svg.circle(x: point.x, y: point.y, radius: 7, attributes: ["fill": MapStyle.fix, "stroke": "#ffffff", "stroke-width": "2"])
        }
        panel.legendRow("68 % uncertainty circle", into: &svg) { svg, point in
            svg.circle(x: point.x, y: point.y, radius: 10, attributes: [
                "fill": MapStyle.fix, "fill-opacity": "0.15", "stroke": MapStyle.fix, "stroke-width": "2", "stroke-dasharray": "4 3"])
        }
        panel.legendRow("Wi-Fi access point used", into: &svg) { svg, point in
            svg.emitterMarker(.accessPoint, at: point, size: 7, attributes: ["fill": MapStyle.used])
        }
        panel.legendRow("cell tower used", into: &svg) { svg, point in
            svg.emitterMarker(.cell, at: point, size: 6, attributes: ["fill": MapStyle.cell])
        }
        panel.legendRow("bigger = more weight (%)", into: &svg) { svg, point in
            svg.circle(x: point.x - 6, y: point.y, radius: 3, attributes: ["fill": MapStyle.used])
            svg.circle(x: point.x + 5, y: point.y, radius: 7, attributes: ["fill": MapStyle.used])
        }
        panel.legendRow("rejected, with the reason", into: &svg) { svg, point in
            svg.rejectionMarker(at: point, size: 6)
        }
        if map.placeMarker != nil {
            panel.legendRow("nearest populated place", into: &svg) { svg, point in
                svg.rectangle(x: point.x - 4, y: point.y - 4, width: 8, height: 8, attributes: ["fill": MapStyle.ink])
            }
        }
        panel.skip(10)

        panel.write("Heard \(map.used.count + map.rejected.count) emitters: \(map.used.count) used, \(map.rejected.count) rejected",
              bold: true, gap: 22, into: &svg)
        if unplacedUsed > 0 { panel.write("\(unplacedUsed) used emitter(s) without a position", color: MapStyle.mutedInk, into: &svg) }
        let notDrawn = map.rejected.filter { $0.coordinate == nil }
        var byReason: [(RejectionReason, Int)] = []
        for emitter in notDrawn {
            guard let reason = emitter.rejection else { continue }
            if let index = byReason.firstIndex(where: { $0.0 == reason }) { byReason[index].1 += 1 } else { byReason.append((reason, 1)) }
        }
        for (reason, count) in byReason {
            panel.write("\(count) not on the map: \(reason == .unknown ? "unknown to the radio map" : reason.rawValue)",
                  color: MapStyle.rejected, into: &svg)
        }
        if offMap > 0 { panel.write("\(offMap) rejected far away (off the picture)", color: MapStyle.rejected, into: &svg) }
        panel.finish(into: &svg)
    }

    /// "32.16001° N, 34.81012° E".
    static func coordinateText(_ coordinate: Coordinate) -> String {
        String(format: "%.5f° %@, %.5f° %@", abs(coordinate.latitude), coordinate.latitude >= 0 ? "N" : "S",
               abs(coordinate.longitude), coordinate.longitude >= 0 ? "E" : "W")
    }

    /// "25 m", "1.2 km".
    static func metresText(_ metres: Double) -> String {
        metres >= 1000 ? String(format: "%.1f km", metres / 1000) : "\(Int(metres.rounded())) m"
    }

    /// `text` broken at spaces into lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + word.count + 1 > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
