import Foundation
import PositioningCore
import WorldSimulator

extension PooledReport {
    /// The report of `eval --towns`: one line per seed of `seeds`, titled with the towns' seeds,
    /// size, centre and survey logging.
    /// - Parameters:
    ///   - sizeName: The size as the command line named it (`small`).
    ///   - estimator: The estimator whose radius coverage is pooled.
    public init(
        towns lines: [PooledLine], seeds: ClosedRange<UInt64>, sizeName: String, centre: Coordinate, surveyLogging: SurveyLogging,
        estimator: String
    ) {
        let title = "\(seeds.count) simulated towns (seeds \(seeds.lowerBound)–\(seeds.upperBound), \(sizeName), "
            + String(format: "centre %.4f,%.4f), ", centre.latitude, centre.longitude)
            + "each calibrated from its own survey as `eval --town` does"
            + (surveyLogging == .everyScan ? "" : ", surveys logged as the WiGLE app logs")
        self.init(title: title, labelName: "seed", lines: lines, estimator: estimator)
    }

    /// The report of `eval --split-device each`: one line per device model of the survey file
    /// at `survey`, held out in turn.
    public init(devices lines: [PooledLine], of survey: String, estimator: String) {
        let title = "survey \((survey as NSString).lastPathComponent): each of its \(lines.count) device models held out in turn, "
            + "the other phones' rows the survey"
        self.init(title: title, labelName: "device", lines: lines, estimator: estimator)
    }

    /// The report of `eval --split-session`: one line per recording session of the survey
    /// `files` (cut at pauses over `gapMinutes`) that held out a query.
    public init(sessions lines: [PooledLine], of files: [String], gapMinutes: Double, estimator: String) {
        let named = files.count == 1 ? (files[0] as NSString).lastPathComponent : "\(files.count) survey files"
        let title = "\(named): each of their \(lines.count) recording sessions with queries (cut at pauses over "
            + "\(String(format: "%g", gapMinutes)) min) held out in turn, the other sessions' rows the survey"
        self.init(title: title, labelName: "session", lines: lines, estimator: estimator)
    }
}
