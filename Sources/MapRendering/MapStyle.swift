/// Colours and sizes shared by the map renderers, chosen to read at a glance and in greyscale:
/// blue for the fix, green for what counted, red for what did not.
enum MapStyle {
    static let paper = "#f5f3ee"
    static let grid = "#e2ded3"
    static let panel = "#ffffff"
    static let ink = "#222222"
    static let mutedInk = "#666666"
    static let fix = "#1e63d6"
    static let used = "#1f9d55"
    static let rejected = "#d7263d"
    static let cell = "#8a4fd3"
    static let track = "#f28c28"
    static let panelWidth = 320.0
    static let mapSide = 800.0
}

extension SVGDocument {
    /// A marker for an emitter of `kind`: a circle for an access point, a square for a cell,
    /// a diamond for a cell area.
    mutating func emitterMarker(
        _ kind: FixMap.Emitter.Kind, at point: (x: Double, y: Double), size: Double, attributes: [String: String]
    ) {
        switch kind {
        case .accessPoint:
            circle(x: point.x, y: point.y, radius: size, attributes: attributes)
        case .cell:
            rectangle(x: point.x - size, y: point.y - size, width: 2 * size, height: 2 * size, attributes: attributes)
        case .area:
            polygon([(point.x, point.y - size * 1.3), (point.x + size * 1.3, point.y), (point.x, point.y + size * 1.3),
                      (point.x - size * 1.3, point.y)], attributes: attributes)
        }
    }

    /// A red cross: the mark of a rejected emitter.
    mutating func rejectionMarker(at point: (x: Double, y: Double), size: Double) {
        let style = ["stroke": MapStyle.rejected, "stroke-width": "3", "stroke-linecap": "round"]
        line(from: (point.x - size, point.y - size), to: (point.x + size, point.y + size), attributes: style)
        line(from: (point.x - size, point.y + size), to: (point.x + size, point.y - size), attributes: style)
    }

    /// The paper, a faint grid every `spacing` pixels and a north arrow, for a map square at
    /// (`x`, `y`) of `side` pixels.
    mutating func mapBackground(x: Double, y: Double, side: Double, spacing: Double) {
        rectangle(x: x, y: y, width: side, height: side, attributes: ["fill": MapStyle.paper])
        if spacing >= 8 {
            beginGroup(["id": "grid", "stroke": MapStyle.grid, "stroke-width": "1"])
            let center = (x: x + side / 2, y: y + side / 2)
            var offset = 0.0
            while offset <= side / 2 {
                for sign in offset == 0 ? [1.0] : [-1.0, 1.0] {
                    line(from: (center.x + sign * offset, y), to: (center.x + sign * offset, y + side), attributes: [:])
                    line(from: (x, center.y + sign * offset), to: (x + side, center.y + sign * offset), attributes: [:])
                }
                offset += spacing
            }
            endGroup()
        }
        beginGroup(["id": "north-arrow"])
        let tip = (x: x + side - 34, y: y + 18)
        polygon([tip, (tip.x + 10, tip.y + 28), (tip.x, tip.y + 22), (tip.x - 10, tip.y + 28)],
                attributes: ["fill": MapStyle.ink])
        text("N", x: tip.x, y: tip.y + 44, attributes: ["font-size": "14", "font-weight": "bold", "text-anchor": "middle",
                                                       "fill": MapStyle.ink])
        endGroup()
    }
}
