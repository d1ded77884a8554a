import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport

/// Streams one survey file into the radio map inside one transaction (see
/// `RadioMap.importSurvey`). Used once, then discarded.
final class SurveyImporter {
    let connection: SQLiteConnection
    let path: String
    let options: ImportOptions
    let progress: ((ImportProgress) -> Void)?
    let input: SurveyInput
    var file: FileChunkReader { input.file }
    /// The per-row statements, prepared once per import (a cache lookup would hash the SQL per row).
    let statements: ImportStatements
    private let started = MonotonicInstant.now

    var reader = CSVRecordReader()
    let hash = SHA256()
    var rowsRead = 0
    var rowsImported = 0
    /// Good rows the import's filter (`--mcc`, `--within`) left out.
    var rowsFilteredOut = 0
    /// Whether a row is a geosubmit item holding many readings, rather than one reading per line.
    var rowsAreItems = false
    var tally = RejectionTally()
    /// What the report should say about how the file was read (e.g. the clock assumed).
    var notes: [String] = []
    var importID: Int64 = 0
    let aggregation: EmitterReaggregation
    var pendingAccessPointObservations: [PendingObservation] = []
    var pendingPublishedCells: [(cell: KnownCell, line: Int)] = []
    /// Access-point rows repeating their network's previous signal exactly.
    var cachedRepeats = CachedRepeats()
    /// Where sorted sightings are spilled once the map is larger than `threshold` bytes: the
    /// radio map's folder (`RadioMap.importSpillThreshold`).
    let spilling: (directory: String, threshold: Int64)
    /// The spilled runs, once the map outgrew the page cache (`flushAccessPointObservations`).
    var sightingRuns: SightingRuns?
    /// The map file's size when the first batch was written, and the sightings inserted since.
    var mapBytesBeforeImport: Int64?
    var observationsInserted = 0
    /// Rows pending before they are written (see `growBatchLimit`).
    var batchLimit = 8_192
    /// How many cells the map had before the first published one was written, and how many
    /// published rows were written since (see `countPublishedCells`).
    var publishedCellsBefore: Int?
    var publishedCellRows = 0
    /// Rows the `cells` table took (inserted or replaced), and those it turned down as older.
    var publishedCellChanges = 0
    var publishedCellsStale = 0

    /// Files are scanned this far for a header before they are declared not a survey.
    static let headerSearchLimit = 1 << 16

    /// A fixed content identity for a submission (the same body sent twice is two
    /// submissions), or nil to record the content's hash.
    private let identity: String?

    var readerPrefix: ArraySlice<UInt8> = []
    var pendingRecords: [CSVRecord] = []
    /// The first plain bytes, held until the content says which reader gets them.
    var staged: [UInt8]? = []
    var documentReader: GeosubmitReader?
    var reachedEnd = false
    /// Where a database's plain bytes go after the first chunk (see `startDatabase`).
    var databaseSink: ((UnsafeBufferPointer<UInt8>) throws -> Void)?
    /// The database file the rows are read from, once the whole file is read.
    var databaseCopy: (path: String, isScratch: Bool)?
    /// The scratch copy's descriptor while it is being written.
    var databaseCopyDescriptor: Int32?

    /// Opens the content again from its start, to hash it before importing (`previousImport`).
    private let reopen: () throws -> SurveyInput

    /// An importer of the file at `path`, or of `input` (then `path` is only its name, and
    /// `reopen` opens the content again).
    init(connection: SQLiteConnection, path: String, options: ImportOptions, spilling: (directory: String, threshold: Int64),
         progress: ((ImportProgress) -> Void)?, input: SurveyInput? = nil, identity: String? = nil,
         reopen: (() throws -> SurveyInput)? = nil) throws(ImportError) {
        self.connection = connection
        self.spilling = spilling
        self.path = path
        self.options = options
        self.progress = progress
        self.identity = identity
        self.reopen = reopen ?? { try SurveyInput(path: path) }
        if let input {
            self.input = input
        } else {
            self.input = try SurveyInput(path: path)
        }
        aggregation = EmitterReaggregation(connection: connection)
        do {
            statements = try ImportStatements(connection)
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: path))
        }
    }

    func run() throws -> ImportSummary {
        if identity == nil, let previous = try previousImport() {
            return ImportSummary(path: path, format: previous.format, contentHash: previous.hash,
                                 alreadyImported: true, duration: started.duration(to: .now))
        }
        let format: SurveyFormat
        let stream: () throws -> Void
        // A compressed database is unpacked into a scratch copy while the file is staged.
        defer { removeDatabaseCopy() }
        if try stageStart() {
            format = .geosubmit
            if let expected = options.format, expected != format {
                throw ImportError.notASurvey(path: path, reason: "content is geosubmit, not \(expected.rawValue)")
            }
            stream = streamItems
        } else if let database = try openDatabase() {
            format = database.format
            stream = { try self.streamDatabase(database) }
        } else {
            let (detected, parse) = try detectFormat()
            format = detected
            stream = { try self.streamRows(parse) }
        }
        do {
            try record(format: format, stream: stream)
        } catch let duplicate as DuplicateContent {
            // Imported before in another wrapping, or by another process while this one waited
            // for the write lock or ran beside it: this one was rolled back, the file is imported once.
            return ImportSummary(path: path, format: duplicate.format, contentHash: contentHash, alreadyImported: true,
                                 duration: started.duration(to: .now))
        }
        let counts = aggregation.counts
        return ImportSummary(
            path: path, format: format, contentHash: contentHash, alreadyImported: false, rowsRead: rowsRead,
            rowsImported: rowsKept, rowsFilteredOut: rowsFilteredOut, rejections: tally.rejections,
            cachedRepeats: cachedRepeats.logsScanCache ? cachedRepeats.report : nil,
            repeatNearMisses: cachedRepeats.nearMisses, accessPointsNew: counts.accessPointsNew,
            accessPointsUpdated: counts.accessPointsUpdated, cellsNew: counts.cellsNew,
            cellsUpdated: counts.cellsUpdated, cellsStale: publishedCellsStale, duration: started.duration(to: .now),
            notes: notes)
    }

    /// Reports the sorted sightings written after the file was read.
    func reportSortedWrite(_ write: ImportProgress.SortedWrite) {
        progress?(ImportProgress(bytesRead: file.size, totalBytes: file.size, rowsRead: rowsRead, sortedWrite: write))
    }

    /// Thrown inside the import's transaction when its content was imported before: rolls it back.
    private struct DuplicateContent: Error {
        let format: SurveyFormat
    }

    /// Streams the rows and records the import, in one transaction.
    private func record(format: SurveyFormat, stream: () throws -> Void) throws {
        // A member of an archive is one savepoint in the archive's transaction (`importSurveys`).
        try connection.inTransactionOrSavepoint {
            try connection.cachedStatement(sql: """
                INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                VALUES(?, ?, 'pending', ?, 0, 0, 0, ?)
                """).execute([.text((path as NSString).lastPathComponent), .integer(file.size), .text(format.rawValue),
                          .real(Date().timeIntervalSince1970)])
            importID = try connection.integer("SELECT last_insert_rowid()")
            try stream()
            try finishRows()
            try aggregation.run()
            // The same content may have come in another wrapping (a `.csv` after its `.csv.gz`):
            // the hash is over the plain bytes, so it is recognised here and nothing is kept.
            if let earlier = try earlierImport(withHash: contentHash) {
                throw DuplicateContent(format: earlier)
            }
            try connection.cachedStatement(sql: """
                UPDATE imports SET content_hash = ?, rows_read = ?, rows_imported = ?, rows_rejected = ? WHERE id = ?
                """).execute([.text(contentHash), .integer(Int64(rowsRead)), .integer(Int64(rowsKept)),
                              .integer(Int64(tally.total)), .integer(importID)])
        }
    }

    /// Rows stored and kept: the parsed ones less the cached repeats taken out again. A geosubmit
    /// item stays with its other readings and its cells when some of its readings are set aside.
    private var rowsKept: Int {
        rowsImported - (cachedRepeats.logsScanCache && !rowsAreItems ? cachedRepeats.count : 0)
    }

    /// SHA-256 of the plain content (after gzip or xz is undone), so one survey has one hash
    /// whatever its wrapping; a submission has its own unique identity instead.
    private lazy var contentHash: String = identity ?? hash.finalize()

    /// The format of an earlier import whose content hash is `hash`.
    private func earlierImport(withHash hash: String) throws -> SurveyFormat? {
        let statement = try connection.cachedStatement(sql: "SELECT format FROM imports WHERE content_hash = ?")
        statement.bind([.text(hash)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.text(0).flatMap(SurveyFormat.init(rawValue:))
    }

    /// The earlier import with the same content, if any. Identical content has the same size, so
    /// the file is hashed up front only when an import of that size exists.
    private func previousImport() throws -> (hash: String, format: SurveyFormat)? {
        let statement = try connection.cachedStatement(sql: "SELECT content_hash, format FROM imports WHERE size = ?")
        statement.bind([.integer(file.size)])
        var candidates: [String: SurveyFormat] = [:]
        while try statement.step() {
            if let hash = statement.text(0), let format = statement.text(1).flatMap(SurveyFormat.init(rawValue:)) {
                candidates[hash] = format
            }
        }
        statement.reset()
        guard !candidates.isEmpty else { return nil }
        // Plain content is what is recorded; maps written before that recorded the hash of a
        // compressed file's own bytes, so both are checked.
        let rawHash = SHA256()
        let plainHash = SHA256()
        let content = try reopen()
        while try content.readChunk(raw: { rawHash.update($0) }, plain: { plainHash.update($0) }) {}
        for digest in [plainHash.finalize(), rawHash.finalize()] {
            if let format = candidates[digest] { return (digest, format) }
        }
        return nil
    }

    /// Reads the first records, recognises the format and returns a row parser positioned after
    /// the header(s).
    private func detectFormat() throws -> (SurveyFormat, (CSVRecord) throws(SurveyRowError) -> SurveyRow) {
        if readerPrefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw ImportError.notASurvey(
                path: path, reason: "file is a ZIP archive: unpack it and import its files (NeoStumbler's export holds wifis.csv, cells.csv and beacons.csv)")
        }
        if SurveyFormatDetector.looksBinary(readerPrefix) {
            throw ImportError.notASurvey(path: path, reason: "file is binary")
        }
        var records: [CSVRecord] = []
        while records.count < 2 {
            if let record = reader.nextRecord() {
                records.append(record)
                continue
            }
            guard reader.bufferedByteCount < Self.headerSearchLimit, try readChunk() else { break }
        }
        guard let first = records.first, !first.isBlank else {
            throw ImportError.notASurvey(path: path, reason: "no header line")
        }
        let second = records.count > 1 ? records[1] : nil
        let format: SurveyFormat
        do {
            format = try SurveyFormatDetector.detect(first: first, second: second)
        } catch {
            // With `--format`, that format's reader judges the header itself.
            guard let insisted = options.format else { throw ImportError.notASurvey(path: path, reason: error.reason) }
            format = insisted
        }
        // `--format` insists: its parser is used when it can read the header, whatever the
        // detector's first choice (a microG Wi-Fi table is also an access-point list).
        let chosen = options.format ?? format
        // Tab-separated GeoNames files take their own path (`RadioMap.importPlaces`).
        guard chosen != .geonames else { throw ImportError.notASurvey(path: path, reason: "GeoNames files are not CSV surveys") }
        guard chosen != .geosubmit else {
            throw ImportError.notASurvey(path: path, reason: "content is \(format.rawValue), not geosubmit")
        }
        do {
            return (chosen, try rowParser(for: chosen, first: first, second: second, records: records))
        } catch let error as SurveyRowError {
            if chosen != format {
                throw ImportError.notASurvey(path: path, reason: "content is \(format.rawValue), not \(chosen.rawValue)")
            }
            throw ImportError.notASurvey(path: path, reason: error.detail)
        }
    }
}
