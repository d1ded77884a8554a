import PositioningCore
import SurveyFormats

/// Counts rejected rows by reason, keeping the first few line numbers and the first detail.
struct RejectionTally {
    private var order: [String] = []
    private var counts: [String: RejectionCount] = [:]

    mutating func record(_ error: SurveyRowError, line: Int) {
        if var existing = counts[error.reason] {
            existing.count += 1
            if existing.firstLines.count < RejectionCount.exampleLimit { existing.firstLines.append(line) }
            counts[error.reason] = existing
        } else {
            order.append(error.reason)
            counts[error.reason] = RejectionCount(reason: error.reason, count: 1, firstLines: [line],
                                                  firstDetail: "line \(line): \(error.detail)")
        }
    }

    var total: Int { counts.values.reduce(0) { $0 + $1.count } }
    var rejections: [RejectionCount] { order.compactMap { counts[$0] } }
}
