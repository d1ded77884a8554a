import Foundation
import PositioningCore

/// How much Ichnaea trusts a station or an area (`ichnaea/api/locate/score.py`).
///
/// score = age weight × collection weight × samples weight, where
/// - age weight = 1/√(whole 30-day months since the record was modified + 1),
/// - collection weight = min(days between creation and last sighting / 10, 1), at least one day,
/// - samples weight = min(max(log₂ samples, 0.5), 10) for stations, min(√cells, 10) for areas.
///
/// Our radio map keeps `firstSeen`/`lastSeen` rather than Ichnaea's `created`/`modified`/
/// `last_seen`: `firstSeen` stands for `created`, `lastSeen` for both `modified` and `last_seen`
/// (Ichnaea touches `modified` whenever new observations change a station). A missing date is
/// taken as the query time, as Ichnaea's test factories create records "now".
struct IchnaeaStationScore {
    var created: Date
    var modified: Date
    var lastSeen: Date?
    /// Samples for a station, number of cells for an area.
    var samples: Int
    var radius: Double?

    /// Score of a Wi-Fi or cell station.
    func stationScore(now: Date) -> Double {
        ageWeight(now: now) * collectionWeight() * stationSamplesWeight()
    }

    /// Score of a location/tracking area.
    func areaScore(now: Date) -> Double {
        ageWeight(now: now) * collectionWeight() * areaSamplesWeight()
    }

    /// 1.0 for data modified within the last 30 days, 0.71 a month later, 0.28 after a year.
    func ageWeight(now: Date) -> Double {
        // Python's timedelta.days floors, then `// 30` counts whole months.
        let days = Int((now.timeIntervalSince(modified) / 86_400).rounded(.down))
        let months = max(days, 0) / 30
        return 1 / Double(months + 1).squareRoot()
    }

    /// 0.1 for a record seen on a single day, up to 1.0 once first and last sighting are ten
    /// days apart. Compares calendar dates (UTC), as score.py uses `.date()`.
    func collectionWeight() -> Double {
        var lastDay = Self.dayNumber(modified)
        if let lastSeen { lastDay = max(lastDay, Self.dayNumber(lastSeen)) }
        let collectedOver = max(lastDay - Self.dayNumber(created), 1)
        return min(Double(collectedOver) / 10, 1)
    }

    /// 0.5 for one sample, 1 for two, 6.64 for 100, 10 from 1024 on.
    func stationSamplesWeight() -> Double {
        // score.py: a station whose observations all coincided (radius 0) counts as one sample.
        var samples = samples
        if samples > 1 && (radius ?? 0) == 0 { samples = 1 }
        return min(max(log2(Double(max(samples, 1))), 0.5), 10)
    }

    /// 1 for one cell, √cells up to 10.
    func areaSamplesWeight() -> Double {
        var cells = samples
        if cells > 1 && (radius ?? 0) == 0 { cells = 1 }
        return min(Double(max(cells, 1)).squareRoot(), 10)
    }

    /// Days since 1970-01-01 in UTC: the calendar date Python's `.date()` gives.
    static func dayNumber(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

extension IchnaeaStationScore {
    /// The score inputs of an access point (see the type's note on dates).
    init(_ accessPoint: KnownAccessPoint, now: Date) {
        self.init(created: accessPoint.firstSeen ?? accessPoint.lastSeen ?? now,
                  modified: accessPoint.lastSeen ?? now, lastSeen: accessPoint.lastSeen,
                  samples: accessPoint.sampleCount, radius: accessPoint.radius)
    }

    /// The score inputs of a cell (see the type's note on dates).
    init(_ cell: KnownCell, now: Date) {
        self.init(created: cell.firstSeen ?? cell.lastSeen ?? now, modified: cell.lastSeen ?? now,
                  lastSeen: cell.lastSeen, samples: cell.sampleCount, radius: cell.radius)
    }

    /// The score inputs of an area. `KnownArea` has no dates, so it scores as a record created
    /// and modified at query time (collection weight 0.1).
    init(_ area: KnownArea, now: Date) {
        self.init(created: now, modified: now, lastSeen: nil, samples: area.cellCount, radius: area.radius)
    }
}
