import Foundation
import PositioningCore
import SurveyFormats

/// What a set of WiGLE-style survey files looks like, statistic by statistic: how many
/// networks a scan holds, how good its GPS was, how strong the readings, how often and how far
/// apart each network and cell was sighted, and how many networks later walks heard again. It
/// measures the gap between `simulate`'s surveys and real captures (`eval --survey-statistics`).
///
/// A scan is the rows of one file sharing time and position (`scan_id` when the file has it);
/// a session is a file cut at pauses over 30 minutes (`SessionCutter`). Files are read a chunk
/// at a time; what is kept is a few sums per network and a count per scan.
///
/// ```swift
/// let real = try SurveyStatistics(files: ["walk1.csv", "walk2.csv"])
/// print(real.accessPointsPerScan.median ?? 0, real.gpsAccuracy.p90 ?? 0)
/// ```
public struct SurveyStatistics: Sendable {
    /// The median, p10 and p90 of some values, and how many there were.
    public struct Spread: Sendable {
        public var count: Int
        public var p10: Double?
        public var median: Double?
        public var p90: Double?

        init(_ values: [Double]) {
            let sorted = values.sorted()
            count = sorted.count
            p10 = ErrorStatistics.percentile(0.1, ofSorted: sorted)
            median = ErrorStatistics.percentile(0.5, ofSorted: sorted)
            p90 = ErrorStatistics.percentile(0.9, ofSorted: sorted)
        }
    }

    /// Files read, rows of Wi-Fi and of cells, and recording sessions.
    public var files = 0
    public var wifiRows = 0
    public var cellRows = 0
    public var sessions = 0
    /// Wi-Fi rows per scan that logged any.
    public var accessPointsPerScan = Spread([])
    /// Share of those scans holding fewer than 3 networks: too few to be a Wi-Fi query.
    public var partialScanFraction = 0.0
    /// `AccuracyMeters` of the Wi-Fi rows (known ones, > 0).
    public var gpsAccuracy = Spread([])
    /// Share of those rows whose accuracy is worse than 20 m and than 50 m.
    public var gpsOver20Fraction = 0.0
    public var gpsOver50Fraction = 0.0
    /// Wi-Fi RSSI, dBm.
    public var wifiSignal = Spread([])
    /// Share of Wi-Fi rows from locally administered addresses (phones' randomized ones, mesh
    /// and guest networks); the per-network statistics below leave them out.
    public var locallyAdministeredFraction = 0.0
    /// Rows per network (BSSID).
    public var sightingsPerAccessPoint = Spread([])
    /// Share of networks sighted once.
    public var singleSightingFraction = 0.0
    /// Root-mean-square distance of a network's sighting positions from their centroid, metres,
    /// over networks sighted at least twice.
    public var accessPointSpread = Spread([])
    /// Rows per cell, and the same spread over cells sighted at least twice.
    public var sightingsPerCell = Spread([])
    public var cellSpread = Spread([])
    /// Share of networks heard in more than one session.
    public var revisitFraction = 0.0

    private struct Sightings {
        var count = 0
        var origin: (latitude: Double, longitude: Double)?
        var sumEast = 0.0, sumNorth = 0.0, sumSquares = 0.0
        var firstSession = -1
        var revisited = false

        mutating func add(latitude: Double, longitude: Double, session: Int) {
            count += 1
            if firstSession < 0 { firstSession = session } else if session != firstSession { revisited = true }
            let origin = origin ?? (latitude, longitude)
            self.origin = origin
            // Metres on a local plane: networks and cells are heard within kilometres.
            let north = (latitude - origin.latitude) * 111_195
            let east = (longitude - origin.longitude) * 111_195 * cos(origin.latitude * .pi / 180)
            sumEast += east
            sumNorth += north
            sumSquares += east * east + north * north
        }

        var rmsSpread: Double? {
            guard count >= 2 else { return nil }
            let n = Double(count)
            let meanEast = sumEast / n, meanNorth = sumNorth / n
            return max(0, sumSquares / n - meanEast * meanEast - meanNorth * meanNorth).squareRoot()
        }
    }

    /// Reads every row of `files`.
    public init(files: [String]) throws(SurveySplitError) {
        var scans: [String: Int] = [:]
        var accuracies: [Double] = [], signals: [Double] = []
        var accessPoints: [String: Sightings] = [:], cells: [String: Sightings] = [:]
        var locallyAdministered = 0
        for (number, path) in files.enumerated() {
            let file = try SurveyCSVFile(path: path)
            let columns = file.columns
            var cutter = SessionCutter(gap: SessionCutter.defaultGap)
            var session = -1
            while let record = try file.nextRecord() {
                guard !record.isBlank else { continue }
                func field(_ name: String) -> String { columns[name].flatMap { record[$0] } ?? "" }
                session = cutter.session(at: WigleTimestamp.parse(field("FirstSeen")))
                let global = sessions + session
                guard let latitude = Double(field("CurrentLatitude")), let longitude = Double(field("CurrentLongitude")),
                    latitude != 0 || longitude != 0
                else { continue }
                if field("Type") == "WIFI" {
                    wifiRows += 1
                    let key = columns["scan_id"] != nil ? field("scan_id")
                        : "\(number)|\(field("FirstSeen"))|\(field("CurrentLatitude"))|\(field("CurrentLongitude"))"
                    scans[key, default: 0] += 1
                    if let accuracy = Double(field("AccuracyMeters")), accuracy > 0 { accuracies.append(accuracy) }
                    if let signal = Double(field("RSSI")) { signals.append(signal) }
                    let mac = field("MAC").lowercased()
                    if Self.isLocallyAdministered(mac) {
                        locallyAdministered += 1
                    } else {
                        accessPoints[mac, default: Sightings()].add(latitude: latitude, longitude: longitude, session: global)
                    }
                } else if !field("Type").isEmpty {
                    cellRows += 1
                    cells[field("Type") + "|" + field("MAC"), default: Sightings()]
                        .add(latitude: latitude, longitude: longitude, session: global)
                }
            }
            sessions += session + 1
        }
        self.files = files.count
        let perScan = scans.values.map(Double.init)
        accessPointsPerScan = Spread(perScan)
        partialScanFraction = Self.share(perScan) { $0 < 3 }
        gpsAccuracy = Spread(accuracies)
        gpsOver20Fraction = Self.share(accuracies) { $0 > 20 }
        gpsOver50Fraction = Self.share(accuracies) { $0 > 50 }
        wifiSignal = Spread(signals)
        locallyAdministeredFraction = wifiRows == 0 ? 0 : Double(locallyAdministered) / Double(wifiRows)
        let counts = accessPoints.values.map { Double($0.count) }
        sightingsPerAccessPoint = Spread(counts)
        singleSightingFraction = Self.share(counts) { $0 == 1 }
        accessPointSpread = Spread(accessPoints.values.compactMap(\.rmsSpread))
        sightingsPerCell = Spread(cells.values.map { Double($0.count) })
        cellSpread = Spread(cells.values.compactMap(\.rmsSpread))
        revisitFraction = Self.share(accessPoints.values.map { $0.revisited ? 1.0 : 0 }) { $0 == 1 }
    }

    /// Whether `mac` (`xx:…`) has the locally administered bit set.
    static func isLocallyAdministered(_ mac: String) -> Bool {
        guard mac.count >= 2, let first = UInt8(mac.prefix(2), radix: 16) else { return false }
        return first & 0x02 != 0
    }

    private static func share(_ values: [Double], where predicate: (Double) -> Bool) -> Double {
        values.isEmpty ? 0 : Double(values.count(where: predicate)) / Double(values.count)
    }

    /// A table for people: a row per statistic, a column per named set of files.
    public static func table(_ sets: [(name: String, statistics: SurveyStatistics)]) -> String {
        func figure(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "-" }
        func spread(_ keyPath: KeyPath<SurveyStatistics, Spread>, _ format: String) -> [String] {
            sets.map { set in
                let spread = set.statistics[keyPath: keyPath]
                return "\(figure(spread.p10, format)) / \(figure(spread.median, format)) / \(figure(spread.p90, format))"
            }
        }
        func percent(_ keyPath: KeyPath<SurveyStatistics, Double>) -> [String] {
            sets.map { String(format: "%.1f %%", 100 * $0.statistics[keyPath: keyPath]) }
        }
        func count(_ value: (SurveyStatistics) -> Int) -> [String] { sets.map { String(value($0.statistics)) } }
        let rows: [[String]] = [
            ["statistic"] + sets.map(\.name),
            ["files / sessions"] + sets.map { "\($0.statistics.files) / \($0.statistics.sessions)" },
            ["Wi-Fi rows"] + count(\.wifiRows),
            ["cell rows"] + count(\.cellRows),
            ["Wi-Fi scans"] + count(\.accessPointsPerScan.count),
            ["networks per scan (p10 / median / p90)"] + spread(\.accessPointsPerScan, "%.0f"),
            ["partial scans (< 3 networks)"] + percent(\.partialScanFraction),
            ["GPS accuracy, m (p10 / median / p90)"] + spread(\.gpsAccuracy, "%.1f"),
            ["GPS accuracy > 20 m"] + percent(\.gpsOver20Fraction),
            ["GPS accuracy > 50 m"] + percent(\.gpsOver50Fraction),
            ["Wi-Fi RSSI, dBm (p10 / median / p90)"] + spread(\.wifiSignal, "%.0f"),
            ["locally administered Wi-Fi rows"] + percent(\.locallyAdministeredFraction),
            ["networks (globally administered)"] + count(\.sightingsPerAccessPoint.count),
            ["sightings per network (p10 / median / p90)"] + spread(\.sightingsPerAccessPoint, "%.0f"),
            ["networks sighted once"] + percent(\.singleSightingFraction),
            ["network sighting spread, m (p10 / median / p90)"] + spread(\.accessPointSpread, "%.1f"),
            ["networks heard in > 1 session"] + percent(\.revisitFraction),
            ["cells"] + count(\.sightingsPerCell.count),
            ["sightings per cell (p10 / median / p90)"] + spread(\.sightingsPerCell, "%.0f"),
            ["cell sighting spread, m (p10 / median / p90)"] + spread(\.cellSpread, "%.0f"),
        ]
        return TextTable.render(rows, textColumns: 1)
    }
}
