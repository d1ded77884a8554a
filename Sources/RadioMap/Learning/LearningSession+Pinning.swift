import Foundation
import PositioningCore

extension LearningSession {
    /// Records what `samples` heard as heard at `coordinate`, a position known without a GPS
    /// (`whereabouts learn --here/--at`), in one transaction under one import (format
    /// `pinned`, undone by `db forget-import`).
    ///
    /// The position is given, not measured, so the learning gate takes it at any accuracy and
    /// whatever the age of the recording; opted-out networks and lone randomized addresses are
    /// still left out, and the sightings count as surveyed ones at once.
    ///
    /// ```swift
    /// let report = try LearningSession.pin(samples, at: home, accuracy: 15, in: map, name: "learn --here …")
    /// print(report.observationsStored, report.importID ?? 0)
    /// ```
    /// - Parameters:
    ///   - accuracy: The position's 68 % radius in metres; the sightings answer with it.
    ///   - name: Recorded in `imports` (shown by `db imports`).
    /// - Returns: What was stored; no `importID` when nothing could be recorded.
    /// - Throws: `RadioMapError` when writing fails (nothing is then stored).
    public static func pin(
        _ samples: [RadioSample], at coordinate: Coordinate, accuracy: Double, in radioMap: RadioMap, name: String
    ) throws(RadioMapError) -> LearningReport {
        var policy = LearningPolicy.standard
        policy.maximumFixAccuracy = .greatestFiniteMagnitude
        policy.maximumFixAge = .greatestFiniteMagnitude
        let session = LearningSession(radioMap: radioMap, name: name, policy: policy, batchSize: Int.max, pinned: true)
        for sample in samples {
            let fix = LearningSample.Fix(coordinate: coordinate, accuracy: accuracy, time: sample.time, speed: 0)
            try session.offer(LearningSample(time: sample.time, fix: fix, wifi: sample.wifi, cells: sample.cells))
        }
        return try session.finish()
    }
}
