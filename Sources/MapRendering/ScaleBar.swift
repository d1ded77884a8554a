import Foundation

/// A scale bar: a round ground length (1, 2 or 5 × 10ⁿ metres) that fits a pixel budget.
public struct ScaleBar: Hashable, Sendable {
    /// The ground length the bar stands for.
    public var metres: Double
    /// Its length on the picture.
    public var pixels: Double

    /// The longest round length not exceeding `maximumPixels` at `metresPerPixel`.
    public init(metresPerPixel: Double, maximumPixels: Double) {
        let budget = max(metresPerPixel * maximumPixels, 1)
        let magnitude = pow(10, floor(log10(budget)))
        let step = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= budget } ?? magnitude
        metres = step
        pixels = step / metresPerPixel
    }

    /// "500 m", "2 km".
    public var label: String {
        metres >= 1000 ? "\(SVGDocument.number(metres / 1000)) km" : "\(SVGDocument.number(metres)) m"
    }

    /// Draws the bar (black and white halves, end ticks and label) with its left end at (`x`, `y`).
    public func draw(into svg: inout SVGDocument, x: Double, y: Double) {
        svg.beginGroup(["id": "scale-bar"])
        svg.rectangle(x: x - 6, y: y - 22, width: pixels + 12 + 60, height: 34,
                      attributes: ["fill": "#ffffff", "fill-opacity": "0.85", "rx": "4"])
        svg.rectangle(x: x, y: y - 4, width: pixels / 2, height: 6, attributes: ["fill": "#222222"])
        svg.rectangle(x: x + pixels / 2, y: y - 4, width: pixels / 2, height: 6,
                      attributes: ["fill": "#ffffff", "stroke": "#222222", "stroke-width": "1"])
        svg.text("0", x: x, y: y - 9, attributes: ["font-size": "11", "text-anchor": "middle", "fill": "#222222"])
        svg.text(label, x: x + pixels, y: y - 9, attributes: ["font-size": "11", "text-anchor": "middle", "fill": "#222222"])
        svg.endGroup()
    }
}
