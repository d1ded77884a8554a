import Foundation

/// A self-contained SVG of an evaluation: the error CDF of each estimator (left) and a
/// calibration plot of reported radius against actual error (right), so a person sees at a
/// glance how far off the fixes are and whether the radius is honest.
///
/// In the calibration panel, a point below the diagonal is a fix whose truth lay inside its
/// radius; an honest 68 % radius keeps about two thirds of the points below the line.
///
/// ```swift
/// let svg = EvaluationPlot(report: report, title: "Ariel hold-out").svg
/// ```
public struct EvaluationPlot: Sendable {
    public var report: EvaluationReport
    public var title: String

    public init(report: EvaluationReport, title: String) {
        self.report = report
        self.title = title
    }

    private static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    private static let panelWidth = 400.0
    private static let panelHeight = 300.0
    private static let top = 60.0
    private static let lefts = [60.0, 540.0]
    /// Metres shown on the logarithmic axes.
    private static let range = (low: 1.0, high: 10_000.0)

    /// The SVG document.
    public var svg: String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="980" height="460" viewBox="0 0 980 460" \
            font-family="sans-serif" font-size="12">
            <rect width="980" height="460" fill="white"/>
            <text x="490" y="24" text-anchor="middle" font-size="16">\(Self.escaped(title))</text>

            """
        out += axes(left: Self.lefts[0], xLabel: "error (m)", yLabel: "share of queries", logY: false)
        out += axes(left: Self.lefts[1], xLabel: "reported radius (m)", yLabel: "actual error (m)", logY: true)
        // The diagonal: error = radius.
        let (x0, y0) = (Self.x(Self.range.low, left: Self.lefts[1]), Self.yLog(Self.range.low))
        let (x1, y1) = (Self.x(Self.range.high, left: Self.lefts[1]), Self.yLog(Self.range.high))
        out += "<line x1=\"\(f(x0))\" y1=\"\(f(y0))\" x2=\"\(f(x1))\" y2=\"\(f(y1))\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n"
        var estimators: [String] = []
        for outcome in report.outcomes where !estimators.contains(outcome.estimator) { estimators.append(outcome.estimator) }
        for (index, estimator) in estimators.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            let mine = report.outcomes.filter { $0.estimator == estimator }
            out += cdf(mine, colour: colour)
            for outcome in mine {
                guard let error = outcome.error, let radius = outcome.radius else { continue }
                let cx = Self.x(radius, left: Self.lefts[1])
                let cy = Self.yLog(error)
                out += "<circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"1.8\" fill=\"\(colour)\" fill-opacity=\"0.45\"/>\n"
            }
            let statistics = EvaluationReport.statistics(mine)
            var label = "\(estimator): n=\(statistics.queries), answered \(String(format: "%.1f", 100 * statistics.answeredFraction)) %"
            if let median = statistics.median { label += String(format: ", median %.0f m", median) }
            if let inside = statistics.insideRadiusFraction { label += String(format: ", inside radius %.0f %%", 100 * inside) }
            let legendY = 420.0 + Double(index) * 16
            out += "<rect x=\"60\" y=\"\(f(legendY - 9))\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>\n"
            out += "<text x=\"76\" y=\"\(f(legendY))\">\(Self.escaped(label))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    private func cdf(_ outcomes: [EvaluationOutcome], colour: String) -> String {
        let errors = outcomes.compactMap(\.error).sorted()
        guard !errors.isEmpty else { return "" }
        // Share of *all* queries, so an estimator that answers less tops out below 1.
        let total = Double(outcomes.count)
        var points: [String] = ["\(f(Self.x(Self.range.low, left: Self.lefts[0]))),\(f(Self.yLinear(0)))"]
        for (rank, error) in errors.enumerated() {
            let x = Self.x(error, left: Self.lefts[0])
            points.append("\(f(x)),\(f(Self.yLinear(Double(rank) / total)))")
            points.append("\(f(x)),\(f(Self.yLinear(Double(rank + 1) / total)))")
        }
        return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.8\" points=\"\(points.joined(separator: " "))\"/>\n"
    }

    private func axes(left: Double, xLabel: String, yLabel: String, logY: Bool) -> String {
        let bottom = Self.top + Self.panelHeight
        var out = "<rect x=\"\(f(left))\" y=\"\(f(Self.top))\" width=\"\(f(Self.panelWidth))\" height=\"\(f(Self.panelHeight))\" fill=\"none\" stroke=\"#000\"/>\n"
        var decade = Self.range.low
        while decade <= Self.range.high {
            let x = Self.x(decade, left: left)
            out += "<line x1=\"\(f(x))\" y1=\"\(f(Self.top))\" x2=\"\(f(x))\" y2=\"\(f(bottom))\" stroke=\"#ddd\"/>\n"
            out += "<text x=\"\(f(x))\" y=\"\(f(bottom + 15))\" text-anchor=\"middle\">\(Self.metres(decade))</text>\n"
            if logY {
                let y = Self.yLog(decade)
                out += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + Self.panelWidth))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>\n"
                out += "<text x=\"\(f(left - 5))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(Self.metres(decade))</text>\n"
            }
            decade *= 10
        }
        if !logY {
            for step in 0...5 {
                let share = Double(step) / 5
                let y = Self.yLinear(share)
                out += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + Self.panelWidth))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>\n"
                out += "<text x=\"\(f(left - 5))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(String(format: "%.1f", share))</text>\n"
            }
        }
        out += "<text x=\"\(f(left + Self.panelWidth / 2))\" y=\"\(f(bottom + 32))\" text-anchor=\"middle\">\(xLabel)</text>\n"
        out += "<text transform=\"translate(\(f(left - 42)),\(f(Self.top + Self.panelHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(yLabel)</text>\n"
        return out
    }

    private static func x(_ metres: Double, left: Double) -> Double {
        left + panelWidth * logPosition(metres)
    }

    private static func yLog(_ metres: Double) -> Double {
        top + panelHeight * (1 - logPosition(metres))
    }

    private static func yLinear(_ share: Double) -> Double {
        top + panelHeight * (1 - share)
    }

    /// 0…1 across the logarithmic axis, clamped to its ends.
    private static func logPosition(_ metres: Double) -> Double {
        let clamped = min(max(metres, range.low), range.high)
        return log10(clamped / range.low) / log10(range.high / range.low)
    }

    private static func metres(_ value: Double) -> String {
        value >= 1000 ? "\(Int(value / 1000)) km" : "\(Int(value))"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
