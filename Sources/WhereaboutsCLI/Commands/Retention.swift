import Foundation
import RadioMap

/// Applies `keep_observations_days` where a command writes to the radio map anyway (import,
/// learning, `db` maintenance); commands that only read never do.
enum Retention {
    static func apply(_ configuration: Configuration, to map: RadioMap, now: Date = Date()) throws {
        guard let days = configuration.keepObservationsDays else { return }
        try map.applyRetention(keepingDays: days, now: now)
    }
}
