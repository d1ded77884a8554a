import Foundation

extension LearningSample {
    /// What the location service read at one epoch, as learning takes it: the GNSS fix (when
    /// it is a valid position; unknown speed stays unknown) and the scans as they are.
    ///
    /// ```swift
    /// for await sample in await manager.samples() { try session.offer(LearningSample(sample)) }
    /// ```
    public init(_ sample: RadioSample) {
        let fix = sample.gnss.flatMap { location -> Fix? in
            guard location.isValid else { return nil }
            return Fix(
                coordinate: location.coordinate, accuracy: location.horizontalAccuracy, time: location.timestamp,
                speed: location.speed >= 0 ? location.speed : nil)
        }
        self.init(time: sample.time, fix: fix, wifi: sample.wifi, cells: sample.cells)
    }
}
