import Foundation

/// Turns the location service's samples into learning samples, each reading offered once.
///
/// Between two scans the service hands the last one out again (the kernel's scan cache, a
/// replayed trace's latest scan; the modem's last serving-cell reading), unchanged, with the
/// next epoch's GNSS fix. Learned again, that scan would be recorded twice, the second time at
/// a position the laptop has moved on from. A Wi-Fi scan or cell reading identical to the
/// previous one is therefore left out; a fresh scan always differs in signal or age.
///
/// ```swift
/// var feed = LearningFeed()
/// for await sample in samples { learner.offer(feed.learningSample(for: sample)) }
/// ```
public struct LearningFeed: Sendable {
    private var lastWiFi: [WiFiObservation] = []
    private var lastCells: [CellObservation] = []

    public init() {}

    /// `sample` as learning takes it, without the readings already offered.
    public mutating func learningSample(for sample: RadioSample) -> LearningSample {
        var fresh = sample
        if !sample.wifi.isEmpty {
            if sample.wifi == lastWiFi { fresh.wifi = [] } else { lastWiFi = sample.wifi }
        }
        if !sample.cells.isEmpty {
            if sample.cells == lastCells { fresh.cells = [] } else { lastCells = sample.cells }
        }
        return LearningSample(fresh)
    }
}
