import PositioningCore

/// The rows of a survey file that log its phone's scan cache again: the same network with
/// exactly the signal it had on its previous row.
///
/// Such a row places the access point where it was not heard (in Ariel's captures a median 119 m
/// from its previous row). When the file's exact repeats run far above chance
/// (`ScanCacheEvidence`), they are set aside — a few true hearings go with them; a file without
/// the excess keeps every row.
///
/// Memory stays bounded: a network's previous row is remembered for `generationRows` to twice
/// that many rows, far longer than a cached reading survives.
///
/// ```swift
/// var repeats = CachedRepeats()
/// repeats.note(bssid: 0x3c1e04037f17, signal: -86, line: 21)
/// if repeats.logsScanCache { print(repeats.rows.count) }
/// ```
struct CachedRepeats {
    /// Rows per generation of remembered signals.
    static let generationRows = 50_000
    private var current: [UInt64: Double] = [:]
    private var previous: [UInt64: Double] = [:]
    private var rowsInGeneration = 0
    /// Rows that repeated their network's previous signal exactly.
    private(set) var rows: [(bssid: UInt64, line: Int)] = []
    /// The first repeats' lines, and the first described, for the report.
    private var firstLines: [Int] = []
    private var firstDetail = ""
    /// Rows 1 or 2 dB off their network's previous signal: more than chance alone repeats.
    private(set) var nearMisses = 0

    /// Remembers `signal` for `bssid`, counting an exact repeat or a near miss.
    mutating func note(bssid: UInt64, signal: Double?, line: Int) {
        guard let signal else { return }
        if current.isEmpty { current.reserveCapacity(Self.generationRows) }
        // One hash of the current generation per row: the update returns what it replaced.
        if let last = current.updateValue(signal, forKey: bssid) ?? previous[bssid] {
            let difference = abs(signal - last)
            if difference == 0 {
                if rows.isEmpty {
                    firstDetail = "line \(line): \(BSSID(rawValue: bssid)) again at \(Int(signal)) dBm, "
                        + "exactly its previous signal"
                }
                if firstLines.count < RejectionCount.exampleLimit { firstLines.append(line) }
                rows.append((bssid, line))
            } else if ScanCacheEvidence.isNearMiss(difference) {
                nearMisses += 1
            }
        }
        rowsInGeneration += 1
        if rowsInGeneration >= Self.generationRows {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            rowsInGeneration = 0
        }
    }

    /// The repeats in `ap_observations`' key order (sorted in place: no second copy of a list
    /// that can hold a million rows).
    mutating func sortedRows() -> [(bssid: UInt64, line: Int)] {
        rows.sort { ($0.bssid, $0.line) < ($1.bssid, $1.line) }
        return rows
    }

    /// Whether exact repeats outnumber the near misses, i.e. run far above chance.
    var logsScanCache: Bool { ScanCacheEvidence.logsScanCache(exactRepeats: rows.count, nearMisses: nearMisses) }

    /// The repeats as a report entry.
    var report: RejectionCount {
        RejectionCount(reason: "cached repeat", count: rows.count, firstLines: firstLines, firstDetail: firstDetail)
    }
}
