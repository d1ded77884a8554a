import Foundation

/// Builds a self-contained SVG 1.1 document as text: no scripts, no external references, no
/// web fonts (a generic `sans-serif` family), so it opens offline in any viewer.
///
/// ```swift
/// var svg = SVGDocument(width: 800, height: 600, title: "Fix")
/// svg.circle(x: 400, y: 300, radius: 20, attributes: ["fill": "#1e66f5"])
/// let text = svg.finish()
/// ```
public struct SVGDocument: Sendable {
    /// Width and height in pixels (also the view box).
    public let width: Double
    public let height: Double
    private var body = ""

    /// Starts a document of `width` × `height` pixels whose `<title>` is `title`.
    public init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        body.reserveCapacity(16_384)
        body += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        body += #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(Self.number(width))" "#
        body += #"height="\#(Self.number(height))" viewBox="0 0 \#(Self.number(width)) \#(Self.number(height))" "#
        body += #"font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"# + "\n"
        body += "<title>\(Self.escape(title))</title>\n"
    }

    /// Appends one element, e.g. `element("rect", ["x": "0", …])`; attributes in key order.
    public mutating func element(_ name: String, _ attributes: [String: String]) {
        body += "<\(name)\(Self.attributeText(attributes))/>\n"
    }

    /// A circle centred at (`x`, `y`).
    public mutating func circle(x: Double, y: Double, radius: Double, attributes: [String: String]) {
        var all = attributes
        all["cx"] = Self.number(x)
        all["cy"] = Self.number(y)
        all["r"] = Self.number(radius)
        element("circle", all)
    }

    /// A straight line.
    public mutating func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), attributes: [String: String]) {
        var all = attributes
        all["x1"] = Self.number(start.x)
        all["y1"] = Self.number(start.y)
        all["x2"] = Self.number(end.x)
        all["y2"] = Self.number(end.y)
        element("line", all)
    }

    /// A rectangle.
    public mutating func rectangle(x: Double, y: Double, width: Double, height: Double, attributes: [String: String]) {
        var all = attributes
        all["x"] = Self.number(x)
        all["y"] = Self.number(y)
        all["width"] = Self.number(width)
        all["height"] = Self.number(height)
        element("rect", all)
    }

    /// A closed polygon through `points`.
    public mutating func polygon(_ points: [(x: Double, y: Double)], attributes: [String: String]) {
        var all = attributes
        all["points"] = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        element("polygon", all)
    }

    /// Text whose baseline starts (or is anchored, per `text-anchor`) at (`x`, `y`).
    public mutating func text(_ content: String, x: Double, y: Double, attributes: [String: String] = [:]) {
        var all = attributes
        all["x"] = Self.number(x)
        all["y"] = Self.number(y)
        body += "<text\(Self.attributeText(all))>\(Self.escape(content))</text>\n"
    }

    /// Opens a group (`<g>`) carrying `attributes`, e.g. a class or an `id`; close it with `endGroup()`.
    public mutating func beginGroup(_ attributes: [String: String]) {
        body += "<g\(Self.attributeText(attributes))>\n"
    }

    /// Closes the innermost group.
    public mutating func endGroup() {
        body += "</g>\n"
    }

    /// The finished document.
    public func finish() -> String {
        body + "</svg>\n"
    }

    /// `value` with at most two decimals and no trailing zeros: `12.5`, `3`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// `text` with the five XML special characters escaped.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Control characters other than tab/newline are not allowed in XML 1.0.
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A {
                    result += " "
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }

    private static func attributeText(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { " \($0)=\"\(escape(attributes[$0]!))\"" }.joined()
    }
}
