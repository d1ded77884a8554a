/// A survey's cells refit without one recording session at a time, for calibrating cell-only
/// fixes as the queries of another walk or drive meet the map (`CellHoldOut.session`).
///
/// A query comes from a session the survey did not record. Its cells are placed by the other
/// sessions — kilometres off where they heard the cell far from where this walk did — or not
/// at all, and then its areas answer from the cells the other sessions heard. Survey scans held
/// out one by one, or with a spatial block around them, still stand beside their own walk's
/// sightings of the cell, which a query never does; on Ariel's walks, each held out in turn,
/// the cell radius calibrated so held the truth 30–40 % of the time instead of 68 %. Holding out
/// the scan's whole session is the blocked hold-out that matches: every cell of the areas the
/// session heard is re-aggregated from the other sessions' sightings (cells only this session
/// heard vanish), published cells stay where they are, their faint levels
/// (`KnownCell.faintSignal`) from the other sessions' sightings. Refits are computed once per session.
///
/// ```swift
/// var refits = SessionCellRefits(scans: scans, publishedCells: [:])   // nil: fewer than 2 sessions
/// let (cells, areas) = refits?.refit(without: scans[0]) ?? ([:], [:])
/// ```
struct SessionCellRefits {
    /// One recording session: its recording and its number within it.
    private struct Key: Hashable {
        var recording: Int64
        var session: Int64

        init(_ scan: SurveyScan) {
            recording = scan.recording
            session = scan.session
        }
    }

    private var sightings: [CellIdentity: [(session: Key, seen: SurveyObservation)]] = [:]
    private var areasHeard: [Key: Set<AreaIdentity>] = [:]
    private let publishedCells: [CellIdentity: KnownCell]
    private var refits: [Key: (cells: [CellIdentity: KnownCell], areas: [AreaIdentity: KnownArea])] = [:]

    /// Refits of `scans`' cells, or nil when fewer than two sessions heard a cell (then no
    /// session can be held out against the others).
    init?(scans: [SurveyScan], publishedCells: [CellIdentity: KnownCell]) {
        self.publishedCells = publishedCells
        for scan in scans where !scan.cells.isEmpty {
            let key = Key(scan)
            for (identity, seen) in scan.cells {
                areasHeard[key, default: []].insert(identity.areaIdentity)
                sightings[identity, default: []].append((key, seen))
            }
        }
        guard areasHeard.count >= 2 else { return nil }
    }

    /// The cells of the areas `scan`'s session heard, those the survey placed re-aggregated
    /// without that session's sightings, and the areas they make.
    mutating func refit(without scan: SurveyScan) -> (cells: [CellIdentity: KnownCell], areas: [AreaIdentity: KnownArea]) {
        let key = Key(scan)
        if let refit = refits[key] { return refit }
        let areas = areasHeard[key] ?? []
        var cells = publishedCells.filter { areas.contains($0.key.areaIdentity) }
        for (identity, seen) in sightings where areas.contains(identity.areaIdentity) {
            let kept = seen.filter { $0.session != key }.map(\.seen)
            if let published = publishedCells[identity] {
                cells[identity] = published.withFaintSignal(from: kept)
            } else if !kept.isEmpty, let cell = EmitterAggregator.aggregateCell(identity, observations: kept) {
                cells[identity] = cell
            }
        }
        let refit = (cells: cells, areas: CrossValidatedCalibration.areas(of: cells))
        refits[key] = refit
        return refit
    }
}
