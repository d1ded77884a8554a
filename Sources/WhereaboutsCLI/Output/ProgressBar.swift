import Foundation
import SystemSupport

/// A one-line progress bar with rows/s and ETA, redrawn in place on a terminal.
///
/// Only created when standard error is a terminal, so pipes and logs never see it.
final class ProgressBar {
    private let label: String
    private let sink: any OutputSink
    private let start = MonotonicInstant.now
    private var lastDraw = MonotonicInstant.now - .seconds(1)
    private var writingStarted: MonotonicInstant?

    init(label: String, sink: any OutputSink) {
        self.label = (label as NSString).lastPathComponent
        self.sink = sink
    }

    /// Reading: the share of the file read, rows per second and the time left at that pace.
    func update(bytes: Int64, of total: Int64, rows: Int) {
        guard let elapsed = elapsedIfDue() else { return }
        let fraction = total > 0 ? min(Double(bytes) / Double(total), 1) : 0
        let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        draw(fraction: fraction, detail: "\(Int(Double(rows) / elapsed)) rows/s ETA \(Int(eta.rounded())) s")
    }

    /// After reading a large file: the share of its sorted sightings written into the map.
    func update(writing written: Int, of total: Int) {
        if writingStarted == nil { writingStarted = MonotonicInstant.now }
        guard elapsedIfDue() != nil else { return }
        let fraction = total > 0 ? min(Double(written) / Double(total), 1) : 0
        let elapsed = max((MonotonicInstant.now - writingStarted!).seconds, 1e-3)
        let eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        draw(fraction: fraction, detail: "writing sorted sightings ETA \(Int(eta.rounded())) s")
    }

    /// The seconds since the start when it is time to redraw (10 times a second at most).
    private func elapsedIfDue() -> Double? {
        let now = MonotonicInstant.now
        guard now - lastDraw >= .milliseconds(100) else { return nil }
        lastDraw = now
        return max((now - start).seconds, 1e-3)
    }

    private func draw(fraction: Double, detail: String) {
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        // Clear to the end of the line: the detail's length changes between phases.
        sink.write("\r\(label) [\(bar)] \(Int(fraction * 100))% \(detail)\u{1B}[K")
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
