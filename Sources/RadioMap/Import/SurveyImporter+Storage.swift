import Foundation
import PositioningCore

extension SurveyImporter {
    /// Writes one parsed row: a raw observation, or a published cell.
    func store(_ row: SurveyRow, line: Int) throws {
        switch row {
        case .accessPoint(let bssid, let seen):
            let disposition = cachedRepeats.note(bssid: bssid.rawValue, signal: seen.signalStrength, line: line)
            guard disposition == .store else { return }
            pendingAccessPointObservations.append(PendingObservation(bssid: bssid.rawValue, line: line, seen: seen))
            if pendingAccessPointObservations.count >= batchLimit { try flushAccessPointObservations() }
        case .cellObservation(let cell, let seen):
            let insert = statements.insertCellObservation
            insert.reset()
            for (offset, value) in RadioMap.key(cell).enumerated() { insert.bind(value, at: Int32(offset + 1)) }
            insert.bind(.integer(importID), at: 6)
            insert.bind(.integer(Int64(line)), at: 7)
            Self.bind(seen, to: insert, from: 8)
            try insert.step()
            aggregation.cells.insert(cell)
        case .publishedCell(let cell):
            pendingPublishedCells.append((cell, line))
            if pendingPublishedCells.count >= batchLimit { try flushPublishedCells() }
        case .fingerprint(let fingerprint):
            try connection.cachedStatement(sql: """
                INSERT INTO fingerprints(import_id, line, latitude, longitude, floor, building, time)
                VALUES(?, ?, ?, ?, ?, ?, ?)
                """).execute([.integer(importID), .integer(Int64(line)), .real(fingerprint.position.latitude),
                              .real(fingerprint.position.longitude), fingerprint.floor.map { .integer(Int64($0)) } ?? .null,
                              .optional(fingerprint.building), .optional(fingerprint.time?.timeIntervalSince1970)])
            let id = try connection.integer("SELECT last_insert_rowid()")
            let insert = try connection.cachedStatement(
                sql: "INSERT OR IGNORE INTO fingerprint_readings(fingerprint_id, access_point, signal) VALUES(?, ?, ?)")
            for reading in fingerprint.readings {
                try insert.execute([.integer(id), .text(reading.accessPoint), .real(reading.signalStrength)])
            }
        }
    }

    /// Access-point sightings are written in batches sorted by BSSID: `ap_observations` is
    /// clustered by BSSID, and survey files list sightings in time order, i.e. random BSSIDs.
    /// While the map fits the page cache a batch is inserted at once, the writing overlapping
    /// the parsing; past that, every batch would land on most of the table's pages, so batches
    /// are spilled as sorted runs and merged into the table at the end (`SightingRuns`).
    /// Published cells are batched the same way and inserted batch by batch: 128 Ki rows
    /// imported 5 M WiGLE rows in 21 s instead of 59 s with 64 Ki (before the runs; the parsing
    /// thread may run a batch ahead, see `RowPipeline`), at 132 MiB peak (the import issue
    /// allows 150).
    static let observationBatchSize = 131_072

    /// The batch size for the next flush: small at first, so that writing starts while the
    /// first rows are still being parsed, then doubling up to `observationBatchSize`.
    func growBatchLimit() {
        batchLimit = min(2 * batchLimit, Self.observationBatchSize)
    }

    /// Writes what is still pending once every row has been stored, takes the cached repeats
    /// out again when the file logs its scan cache (`CachedRepeats`), merges the spilled runs,
    /// and writes and counts the published cells.
    func finishRows() throws {
        if sightingRuns == nil {
            try insertPendingAccessPointObservations()
        } else if !pendingAccessPointObservations.isEmpty {
            try spillAccessPointObservations()
        }
        let repeats = try removeCachedRepeats()
        try mergeSightingRuns(leavingOut: repeats)
        try flushPublishedCells()
        try countPublishedCells()
    }

    /// Deletes the exact repeats stored before the file was judged, when they run far above
    /// chance, and returns them in key order for the merge to leave out of the spilled runs
    /// (none when the file keeps its rows).
    private func removeCachedRepeats() throws -> [(bssid: UInt64, line: Int)] {
        guard cachedRepeats.logsScanCache else { return [] }
        let repeats = cachedRepeats.storedRepeats()
        let delete = try connection.cachedStatement(
            sql: "DELETE FROM ap_observations WHERE bssid = ? AND import_id = ? AND line = ?")
        // In key order, like the inserts: each page of `ap_observations` is visited once. A
        // repeat still in a spilled run is not in the table yet, and deletes nothing.
        for row in repeats {
            try delete.execute([.integer(Int64(bitPattern: row.bssid)), .integer(importID), .integer(Int64(row.line))])
        }
        return repeats
    }

    /// Writes a full batch of pending access-point sightings: into the table while the map fits
    /// the page cache, else as a sorted run (and every later batch too, so that the runs reach
    /// the table in one ordered pass at the end).
    func flushAccessPointObservations() throws {
        if sightingRuns == nil, try mapFitsPageCache() {
            try insertPendingAccessPointObservations()
        } else {
            try spillAccessPointObservations()
        }
        growBatchLimit()
    }

    /// Merges the spilled runs into the table, without `repeats` (in key order), and
    /// re-aggregates each access point as soon as the last of its sightings is written: its
    /// pages are still in the cache, and no set of the access points touched grows with the
    /// file (a 20 M-row file names a million).
    private func mergeSightingRuns(leavingOut repeats: [(bssid: UInt64, line: Int)]) throws {
        guard let runs = sightingRuns else { return }
        var written = 0
        var nextRepeat = repeats.startIndex
        // The access point whose sightings may go on in the next batch.
        var open: UInt64?
        try runs.merge(batchSize: 8_192) { batch in
            // Both in key order: one pass over the repeats for the whole merge.
            try insertAccessPointObservations(repeats.isEmpty ? batch : batch.filter { row in
                let key = (row.bssid, row.line)
                while nextRepeat < repeats.endIndex, (repeats[nextRepeat].bssid, repeats[nextRepeat].line) < key {
                    nextRepeat += 1
                }
                return nextRepeat == repeats.endIndex || (repeats[nextRepeat].bssid, repeats[nextRepeat].line) != key
            })
            for row in batch where row.bssid != open {
                if let done = open { try aggregation.reaggregateAccessPoint(done) }
                open = row.bssid
            }
            written += batch.count
            reportSortedWrite(ImportProgress.SortedWrite(written: written, total: runs.rowCount))
        }
        if let done = open { try aggregation.reaggregateAccessPoint(done) }
        sightingRuns = nil  // closes the scratch file, and so removes it
    }

    /// Whether the map file, with the sightings this import inserted so far (about 64 bytes
    /// each on disk), is still smaller than the writing connection's page cache (or the
    /// threshold a test set).
    private func mapFitsPageCache() throws -> Bool {
        let bytesBefore = try mapBytesBeforeImport ?? connection.integer("PRAGMA page_count") * connection.integer("PRAGMA page_size")
        mapBytesBeforeImport = bytesBefore
        return bytesBefore + 64 * Int64(observationsInserted) < spilling.threshold
    }

    private func insertPendingAccessPointObservations() throws {
        let pending = pendingAccessPointObservations
        let order = sortedOrder(of: pending)
        try insertAccessPointObservations(order.lazy.map { pending[$0.index] })
        observationsInserted += pending.count
        noteAccessPoints(in: order)
        pendingAccessPointObservations.removeAll(keepingCapacity: true)
    }

    private func spillAccessPointObservations() throws {
        let pending = pendingAccessPointObservations
        let order = sortedOrder(of: pending)
        let runs = try sightingRuns ?? SightingRuns(directory: spilling.directory)
        sightingRuns = runs
        try runs.append(order.lazy.map { pending[$0.index] })
        // The merge re-aggregates these access points as it writes them.
        pendingAccessPointObservations.removeAll(keepingCapacity: true)
    }

    /// The pending rows' order by (BSSID, line). Sorting (BSSID, position) pairs moves 16 bytes
    /// per row instead of a whole sighting; rows arrive in line order, so the position orders
    /// one BSSID's rows by line.
    private func sortedOrder(of pending: [PendingObservation]) -> [(bssid: UInt64, index: Int)] {
        pending.indices.map { (bssid: pending[$0].bssid, index: $0) }
            .sorted { ($0.bssid, $0.index) < ($1.bssid, $1.index) }
    }

    private func noteAccessPoints(in order: [(bssid: UInt64, index: Int)]) {
        var last: UInt64?
        for entry in order where entry.bssid != last {
            last = entry.bssid
            aggregation.accessPoints.insert(entry.bssid)
        }
    }

    private func insertAccessPointObservations<Rows: RandomAccessCollection<PendingObservation>>(_ rows: Rows) throws {
        // Bound one by one: this runs for every row, and value arrays would allocate.
        let importID = importID
        try statements.accessPointObservations.insert(rows) { row, insert, first in
            insert.bind(.integer(Int64(bitPattern: row.bssid)), at: first)
            insert.bind(.integer(importID), at: first + 1)
            insert.bind(.integer(Int64(row.line)), at: first + 2)
            Self.bind(row.seen, to: insert, from: first + 3)
            insert.bind(.optional(row.seen.ssid), at: first + 8)
        }
    }

    /// Writes the pending published cells in key order (the `cells` B-tree's), a file's later
    /// row for the same cell after its earlier one, so the later one is what stays.
    func flushPublishedCells() throws {
        guard !pendingPublishedCells.isEmpty else { return }
        if publishedCellsBefore == nil { publishedCellsBefore = try storedCellCount() }
        let pending = pendingPublishedCells
        let order = Self.keyOrder(of: pending.lazy.map(\.cell.identity))
        // Published cells replace whatever the map had: OpenCellID aggregates far more samples.
        let importID = importID
        let changesBefore = connection.totalChanges
        try statements.publishedCells.insert(order) { index, insert, first in
            Self.bind(pending[index].cell, importID: importID, to: insert, from: first)
        }
        publishedCellChanges += connection.totalChanges - changesBefore
        // Sorted by key, so one area's cells are adjacent: one set insertion per area and batch.
        var lastArea: AreaIdentity?
        for index in order {
            let area = pending[index].cell.identity.areaIdentity
            if area != lastArea { aggregation.areas.insert(area) }
            lastArea = area
        }
        publishedCellRows += pendingPublishedCells.count
        pendingPublishedCells.removeAll(keepingCapacity: true)
        growBatchLimit()
    }

    /// Counts the published cells as new, updated or stale: new are the ones the `cells` table
    /// gained, updated the rows that replaced a cell it had (an earlier file's, or an earlier row
    /// of this file), stale the rows older than the published copy the map already had.
    private func countPublishedCells() throws {
        guard let before = publishedCellsBefore else { return }
        let new = try storedCellCount() - before
        aggregation.counts.cellsNew += new
        aggregation.counts.cellsUpdated += publishedCellChanges - new
        // A row the upsert's WHERE turned down: the map's copy of the cell is newer.
        publishedCellsStale = publishedCellRows - publishedCellChanges
    }

    private func storedCellCount() throws -> Int {
        Int(try connection.integer("SELECT count(*) FROM cells"))
    }

    /// Binds a published cell's columns (`RadioMap.cellValues` and the import id, 13
    /// parameters) one by one from `first`: no value array, no copy of the radio and status
    /// names, for every row of an OpenCellID file.
    private static func bind(_ cell: KnownCell, importID: Int64, to statement: SQLiteStatement, from first: Int32) {
        let id = cell.identity
        statement.bind(staticText: Self.radioName(id.radio), at: first)
        statement.bind(.integer(Int64(id.mcc)), at: first + 1)
        statement.bind(.integer(Int64(id.mnc)), at: first + 2)
        statement.bind(.integer(Int64(id.area)), at: first + 3)
        statement.bind(.integer(id.cellID), at: first + 4)
        statement.bind(.real(cell.coordinate.latitude), at: first + 5)
        statement.bind(.real(cell.coordinate.longitude), at: first + 6)
        statement.bind(.real(cell.radius), at: first + 7)
        statement.bind(.integer(Int64(cell.sampleCount)), at: first + 8)
        statement.bind(.optional(cell.firstSeen?.timeIntervalSince1970), at: first + 9)
        statement.bind(.optional(cell.lastSeen?.timeIntervalSince1970), at: first + 10)
        statement.bind(staticText: Self.statusName(cell.status), at: first + 11)
        statement.bind(.integer(importID), at: first + 12)
    }

    /// `RadioType.rawValue` as a static string.
    private static func radioName(_ radio: RadioType) -> StaticString {
        switch radio {
        case .gsm: "gsm"
        case .wcdma: "wcdma"
        case .lte: "lte"
        case .nr: "nr"
        case .cdma: "cdma"
        }
    }

    /// `EmitterStatus.rawValue` as a static string.
    private static func statusName(_ status: EmitterStatus) -> StaticString {
        switch status {
        case .usable: "usable"
        case .moved: "moved"
        case .travelling: "travelling"
        case .unproven: "unproven"
        }
    }

    /// Each radio's place in the order of the names `cells` stores (its B-tree's key order:
    /// cdma < gsm < lte < nr < wcdma), without comparing strings.
    /// The positions of `identities` in the `cells` table's key order, equal keys in their
    /// given order (a file's later row for a cell last, so it is what stays).
    ///
    /// Each key and its position are packed into two integers — radio rank (the order of the
    /// stored names), MCC, MNC and area in the first (3 + 10 + 15 + 24 bits), cell id and
    /// position in the second (36 + 27) — and those pairs sorted: the comparison runs 20 times
    /// per row of an OpenCellID file, and comparing six fields through a closure was a sixth of
    /// the writing thread's time (perf, 1 M rows).
    static func keyOrder(of identities: some Collection<CellIdentity>) -> [Int] {
        precondition(identities.count < 1 << 27, "a batch of published cells holds fewer than 2^27 rows")
        var keys: [(UInt64, UInt64)] = []
        keys.reserveCapacity(identities.count)
        for (position, id) in identities.enumerated() {
            let high = UInt64(radioRank(id.radio)) << 49 | UInt64(id.mcc) << 39 | UInt64(id.mnc) << 24 | UInt64(id.area)
            keys.append((high, UInt64(id.cellID) << 27 | UInt64(position)))
        }
        keys.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return keys.map { Int($0.1 & (1 << 27 - 1)) }
    }

    private static func radioRank(_ radio: RadioType) -> Int {
        switch radio {
        case .cdma: 0
        case .gsm: 1
        case .lte: 2
        case .nr: 3
        case .wcdma: 4
        }
    }

    /// Binds latitude, longitude, accuracy, signal and time to five parameters from `first`.
    private static func bind(_ seen: SurveyObservation, to statement: SQLiteStatement, from first: Int32) {
        statement.bind(.real(seen.position.latitude), at: first)
        statement.bind(.real(seen.position.longitude), at: first + 1)
        statement.bind(.optional(seen.positionAccuracy), at: first + 2)
        statement.bind(.optional(seen.signalStrength), at: first + 3)
        statement.bind(.optional(seen.time?.timeIntervalSince1970), at: first + 4)
    }
}

/// An access-point sighting parsed but not yet written.
struct PendingObservation {
    var bssid: UInt64
    var line: Int
    var seen: SurveyObservation
}
