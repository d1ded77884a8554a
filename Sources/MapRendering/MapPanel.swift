/// The text panel on the left of every map picture: its background, lines of text and legend
/// rows written top-down, and the footer. Shared by the fix and coverage renderers.
struct MapPanel {
    /// The baseline of the next line.
    private(set) var y = 36.0

    /// Opens the panel's group and draws its background and right-hand border.
    init(into svg: inout SVGDocument) {
        let width = MapStyle.panelWidth
        svg.beginGroup(["id": "legend"])
        svg.rectangle(x: 0, y: 0, width: width, height: MapStyle.mapSide, attributes: ["fill": MapStyle.panel])
        svg.line(from: (width, 0), to: (width, MapStyle.mapSide), attributes: ["stroke": "#cccccc", "stroke-width": "1"])
    }

    /// Writes one line of text and moves down by `gap`.
    mutating func write(
        _ text: String, size: Double = 13, bold: Bool = false, color: String = MapStyle.ink, gap: Double = 20,
        into svg: inout SVGDocument
    ) {
        var attributes = ["font-size": SVGDocument.number(size), "fill": color]
        if bold { attributes["font-weight"] = "bold" }
        svg.text(text, x: 20, y: y, attributes: attributes)
        y += gap
    }

    /// Writes a legend row: a symbol drawn by `draw` at the row's symbol point, then its label.
    mutating func legendRow(
        _ label: String, into svg: inout SVGDocument, draw: (inout SVGDocument, (x: Double, y: Double)) -> Void
    ) {
        draw(&svg, (34, y - 5))
        svg.text(label, x: 60, y: y, attributes: ["font-size": "13", "fill": MapStyle.ink])
        y += 26
    }

    /// Leaves extra space before the next line.
    mutating func skip(_ gap: Double) {
        y += gap
    }

    /// Writes the footer and closes the panel's group.
    func finish(into svg: inout SVGDocument) {
        svg.text("Whereabouts · offline · no map tiles", x: 20, y: MapStyle.mapSide - 20,
                 attributes: ["font-size": "11", "fill": MapStyle.mutedInk])
        svg.endGroup()
    }
}
