import Foundation

/// A one-line progress bar with rows/s and ETA, redrawn in place on a terminal.
///
/// Only created when standard error is a terminal, so pipes and logs never see it.
final class ProgressBar {
    private let label: String
    private let sink: any OutputSink
    private let start = ContinuousClock.now
    private var lastDraw = ContinuousClock.now - .seconds(1)

    init(label: String, sink: any OutputSink) {
        self.label = (label as NSString).lastPathComponent
        self.sink = sink
    }

    func update(bytes: Int64, of total: Int64, rows: Int) {
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        let elapsed = max((now - start).seconds, 1e-3)
        let fraction = total > 0 ? min(Double(bytes) / Double(total), 1) : 0
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let rate = Double(rows) / elapsed
        let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        sink.write("\r\(label) [\(bar)] \(Int(fraction * 100))% \(Int(rate)) rows/s ETA \(Int(eta.rounded())) s ")
    }

    func finish() {
        sink.write("\r\u{1B}[K")
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
