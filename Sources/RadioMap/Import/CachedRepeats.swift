import PositioningCore
import SurveyFormats

/// The rows of a survey file that log its phone's scan cache again: the same network with
/// exactly the signal it had on its previous row.
///
/// Such a row places the access point where it was not heard (in Ariel's captures a median 119 m
/// from its previous row). When the file's exact repeats run far above chance
/// (`ScanCacheEvidence`), they are set aside — a few true hearings go with them; a file without
/// the excess keeps every row.
///
/// The file is judged for good once `verdictPairs` exact repeats and near misses are in: one
/// file is one phone's app, and its character does not change halfway. Until then the repeats
/// are stored and listed, to be deleted if the verdict goes against them; after a verdict that
/// the file logs its cache they are not stored at all. So memory stays bounded whatever the
/// file's length: that list holds at most `verdictPairs` rows, and a network's previous
/// signal is remembered for `generationRows` to twice that many rows, far longer than a cached
/// reading survives.
///
/// ```swift
/// var repeats = CachedRepeats()
/// if repeats.note(bssid: 0x3c1e04037f17, signal: -86, line: 21) == .store { /* insert the row */ }
/// if repeats.logsScanCache { print(repeats.count, repeats.storedRepeats().count) }
/// ```
struct CachedRepeats {
    /// Rows per generation of remembered signals.
    static let generationRows = 50_000
    /// Exact repeats and near misses that judge a file for good (fewer: judged at its end).
    static let verdictPairs = 10_000

    /// What to do with a row just noted.
    enum Disposition: Equatable {
        /// Store it: a new hearing, or a repeat that may yet be kept.
        case store
        /// Leave it out: a repeat of a file already judged to log its cache.
        case setAside
    }

    /// The verdict once `verdictPairs` are in; nil before.
    private(set) var verdict: Bool?
    private var current: [UInt64: Double] = [:]
    private var previous: [UInt64: Double] = [:]
    private var rowsInGeneration = 0
    /// Rows that repeated their network's previous signal exactly.
    private(set) var count = 0
    /// Rows 1 or 2 dB off their network's previous signal: more than chance alone repeats.
    private(set) var nearMisses = 0
    /// The repeats stored before the verdict.
    private var stored: [(bssid: UInt64, line: Int)] = []
    /// The first repeats' lines, and the first described, for the report.
    private var firstLines: [Int] = []
    private var firstDetail = ""

    /// Remembers `signal` for `bssid`, counting an exact repeat or a near miss, and says
    /// whether the row is to be stored.
    mutating func note(bssid: UInt64, signal: Double?, line: Int) -> Disposition {
        guard let signal, verdict != false else { return .store }
        if current.isEmpty { current.reserveCapacity(Self.generationRows) }
        var disposition = Disposition.store
        // One hash of the current generation per row: the update returns what it replaced.
        if let last = current.updateValue(signal, forKey: bssid) ?? previous[bssid] {
            let difference = abs(signal - last)
            if difference == 0 {
                if count == 0 {
                    firstDetail = "line \(line): \(BSSID(rawValue: bssid)) again at \(Int(signal)) dBm, "
                        + "exactly its previous signal"
                }
                // A geosubmit item's readings share its line: each line is named once.
                if firstLines.count < RejectionCount.exampleLimit && firstLines.last != line { firstLines.append(line) }
                count += 1
                if verdict == true {
                    disposition = .setAside
                } else {
                    stored.append((bssid, line))
                }
            } else if ScanCacheEvidence.isNearMiss(difference) {
                nearMisses += 1
            }
            if verdict == nil && count + nearMisses >= Self.verdictPairs { judge() }
        }
        rowsInGeneration += 1
        if rowsInGeneration >= Self.generationRows {
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
            rowsInGeneration = 0
        }
        return disposition
    }

    /// Judges the file on the pairs counted so far; a file that keeps its rows needs no more
    /// watching, so its memory is given back.
    private mutating func judge() {
        let logs = ScanCacheEvidence.logsScanCache(exactRepeats: count, nearMisses: nearMisses)
        verdict = logs
        if !logs {
            (current, previous, stored) = ([:], [:], [])
        }
    }

    /// Whether the file logs its cache: exact repeats far above chance, in the pairs that
    /// judged it or, for a file too short to be judged early, in all of them.
    var logsScanCache: Bool {
        verdict ?? ScanCacheEvidence.logsScanCache(exactRepeats: count, nearMisses: nearMisses)
    }

    /// The repeats stored before the verdict, in `ap_observations`' key order (sorted in place:
    /// no second copy of the list).
    mutating func storedRepeats() -> [(bssid: UInt64, line: Int)] {
        stored.sort { ($0.bssid, $0.line) < ($1.bssid, $1.line) }
        return stored
    }

    /// The repeats as a report entry.
    var report: RejectionCount {
        RejectionCount(reason: "cached repeat", count: count, firstLines: firstLines, firstDetail: firstDetail)
    }
}
