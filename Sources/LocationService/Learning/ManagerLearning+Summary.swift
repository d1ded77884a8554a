import RadioMap

extension ManagerLearning.Outcome {
    /// What went wrong in a finished session; the sightings stored before it stay stored.
    public enum Problem: Sendable, CustomStringConvertible {
        /// A write failed, and learning stopped there.
        case learningStopped(RadioMapError)
        /// Every sighting was stored, but recalibrating the map after them failed.
        case recalibrationFailed(RadioMapError)

        /// One sentence for people, with the remedy for a failed recalibration.
        public var description: String {
            switch self {
            case .learningStopped(let error):
                "learning stopped: \(error.description)"
            case .recalibrationFailed(let error):
                "recalibration after learning failed (the learned sightings are stored; "
                    + "run `whereabouts db calibrate`): \(error)"
            }
        }
    }

    /// The problem to report: a failed recalibration, else the write that stopped learning;
    /// nil when the session ended well.
    public var problem: Problem? {
        if let recalibrationFailure { return .recalibrationFailed(recalibrationFailure) }
        return failure.map { .learningStopped($0) }
    }

    /// Whether the map was recalibrated after the session.
    public var recalibrated: Bool {
        if case .recalibrated = recalibration { true } else { false }
    }

    /// The session for people (`watch --learn` prints it on standard error): the learning
    /// report's line, then what keeping the map calibrated did, if it was tried.
    public var summaryLines: [String] {
        [report.summary] + (recalibration.map { CalibrationReport.lines(for: $0, after: "this learning session") } ?? [])
    }

    /// The session as a `"type":"learning"` JSON object (`watch --learn --json`): the report's
    /// counts, whether the map was recalibrated and the problem, if any, as `"error"`.
    public var json: String {
        report.json(recalibrated: recalibrated, failure: problem?.description)
    }
}
