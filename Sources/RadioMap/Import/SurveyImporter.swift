import Foundation
import PositioningCore

/// Streams one survey file into the radio map inside one transaction (see
/// `RadioMap.importSurvey`). Used once, then discarded.
final class SurveyImporter {
    let connection: SQLiteConnection
    let path: String
    let options: ImportOptions
    let progress: ((ImportProgress) -> Void)?
    private let file: FileChunkReader
    /// The per-row statements, prepared once per import (a cache lookup would hash the SQL per row).
    let statements: ImportStatements
    private let started = ContinuousClock.now

    private var reader = CSVRecordReader()
    private var hash = SHA256()
    private var rowsRead = 0
    private var rowsImported = 0
    private var tally = RejectionTally()
    var importID: Int64 = 0
    var affectedAccessPoints = Set<UInt64>()
    var affectedCells = Set<CellIdentity>()
    var affectedAreas = Set<AreaIdentity>()
    var counts = (accessPointsNew: 0, accessPointsUpdated: 0, cellsNew: 0, cellsUpdated: 0)

    /// Files are scanned this far for a header before they are declared not a survey.
    private static let headerSearchLimit = 1 << 16

    init(connection: SQLiteConnection, path: String, options: ImportOptions,
         progress: ((ImportProgress) -> Void)?) throws(ImportError) {
        self.connection = connection
        self.path = path
        self.options = options
        self.progress = progress
        file = try FileChunkReader(path: path)
        do {
            statements = try ImportStatements(connection)
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: path))
        }
    }

    func run() throws -> ImportSummary {
        if let previous = try previousImport() {
            return ImportSummary(path: path, format: previous.format, contentHash: previous.hash,
                                 alreadyImported: true, duration: started.duration(to: .now))
        }
        let (format, parse) = try detectFormat()
        try connection.inTransaction {
            try connection.cachedStatement(sql: """
                INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                VALUES(?, ?, 'pending', ?, 0, 0, 0, ?)
                """).execute([.text((path as NSString).lastPathComponent), .integer(file.size), .text(format.rawValue),
                          .real(Date().timeIntervalSince1970)])
            importID = try connection.integer("SELECT last_insert_rowid()")
            try streamRows(parse)
            try aggregateAffected()
            try connection.cachedStatement(sql: """
                UPDATE imports SET content_hash = ?, rows_read = ?, rows_imported = ?, rows_rejected = ? WHERE id = ?
                """).execute([.text(contentHash), .integer(Int64(rowsRead)), .integer(Int64(rowsImported)),
                              .integer(Int64(tally.total)), .integer(importID)])
        }
        return ImportSummary(
            path: path, format: format, contentHash: contentHash, alreadyImported: false, rowsRead: rowsRead,
            rowsImported: rowsImported, rejections: tally.rejections, accessPointsNew: counts.accessPointsNew,
            accessPointsUpdated: counts.accessPointsUpdated, cellsNew: counts.cellsNew,
            cellsUpdated: counts.cellsUpdated, duration: started.duration(to: .now))
    }

    private lazy var contentHash: String = hash.finalize()

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
        var fileHash = SHA256()
        while try file.readChunk(path: path, { fileHash.update($0) }) {}
        file.rewind()
        let digest = fileHash.finalize()
        return candidates[digest].map { (digest, $0) }
    }

    /// Reads the first records, recognises the format and returns a row parser positioned after
    /// the header(s).
    private func detectFormat() throws -> (SurveyFormat, (CSVRecord) throws(SurveyRowError) -> SurveyRow) {
        guard file.size > 0 else { throw ImportError.notASurvey(path: path, reason: "file is empty") }
        var records: [CSVRecord] = []
        var checkedBinary = false
        while records.count < 2 {
            if let record = reader.nextRecord() {
                records.append(record)
                continue
            }
            guard reader.bufferedByteCount < Self.headerSearchLimit, try readChunk() else { break }
            if !checkedBinary {
                checkedBinary = true
                if SurveyFormatDetector.looksBinary(Array(readerPrefix)) {
                    throw ImportError.notASurvey(path: path, reason: "file is binary")
                }
            }
        }
        guard let first = records.first, !first.isBlank else {
            throw ImportError.notASurvey(path: path, reason: "no header line")
        }
        let second = records.count > 1 ? records[1] : nil
        let format: SurveyFormat
        do {
            format = try SurveyFormatDetector.detect(first: first, second: second)
        } catch {
            throw ImportError.notASurvey(path: path, reason: error.reason)
        }
        if let expected = options.format, expected != format {
            throw ImportError.notASurvey(path: path, reason: "content is \(format.rawValue), not \(expected.rawValue)")
        }
        // Tab-separated GeoNames files take their own path (`RadioMap.importPlaces`).
        guard format != .geonames else { throw ImportError.notASurvey(path: path, reason: "GeoNames files are not CSV surveys") }
        do {
            switch format {
            case .wigle:
                let parser = try WigleRowParser(header: second!)
                return (format, parser.parse)
            case .opencellid:
                let parser = try OpenCellIDRowParser(header: first)
                pendingRecords = Array(records.dropFirst())
                return (format, parser.parse)
            case .geonames:
                preconditionFailure("GeoNames files are refused above")
            }
        } catch {
            throw ImportError.notASurvey(path: path, reason: error.detail)
        }
    }

    private var readerPrefix: ArraySlice<UInt8> = []
    private var pendingRecords: [CSVRecord] = []

    /// Reads the next chunk into the CSV reader and the hash; false at the end of the file.
    private func readChunk() throws -> Bool {
        let more = try file.readChunk(path: path) { chunk in
            hash.update(chunk)
            reader.append(chunk)
            if readerPrefix.isEmpty { readerPrefix = ArraySlice(chunk.prefix(4096)) }
        }
        if more {
            progress?(ImportProgress(bytesRead: file.bytesRead, totalBytes: file.size, rowsRead: rowsRead))
        } else {
            reader.finish()
        }
        return more
    }

    private func streamRows(_ parse: (CSVRecord) throws(SurveyRowError) -> SurveyRow) throws {
        for record in pendingRecords { try handle(record, parse) }
        pendingRecords = []
        while true {
            while let record = reader.nextRecord() { try handle(record, parse) }
            guard try readChunk() else { break }
        }
        while let record = reader.nextRecord() { try handle(record, parse) }
    }

    private func handle(_ record: CSVRecord, _ parse: (CSVRecord) throws(SurveyRowError) -> SurveyRow) throws {
        guard !record.isBlank else { return }
        rowsRead += 1
        do {
            try store(try parse(record), line: record.line)
            rowsImported += 1
        } catch let error as SurveyRowError {
            if options.strict {
                throw ImportError.malformedRow(line: record.line, column: error.column, reason: error.detail)
            }
            tally.record(error, line: record.line)
        }
    }
}
