import Foundation
import PositioningCore

/// Streams one survey file into the radio map inside one transaction (see
/// `RadioMap.importSurvey`). Used once, then discarded.
final class SurveyImporter {
    let connection: SQLiteConnection
    let path: String
    let options: ImportOptions
    let progress: ((ImportProgress) -> Void)?
    private let input: SurveyInput
    private var file: FileChunkReader { input.file }
    /// The per-row statements, prepared once per import (a cache lookup would hash the SQL per row).
    let statements: ImportStatements
    private let started = ContinuousClock.now

    private var reader = CSVRecordReader()
    private let hash = BackgroundHasher()
    private var rowsRead = 0
    private var rowsImported = 0
    private var tally = RejectionTally()
    var importID: Int64 = 0
    let aggregation: EmitterReaggregation
    var pendingAccessPointObservations: [PendingObservation] = []
    var pendingPublishedCells: [(cell: KnownCell, line: Int)] = []

    /// Files are scanned this far for a header before they are declared not a survey.
    private static let headerSearchLimit = 1 << 16

    init(connection: SQLiteConnection, path: String, options: ImportOptions,
         progress: ((ImportProgress) -> Void)?) throws(ImportError) {
        self.connection = connection
        self.path = path
        self.options = options
        self.progress = progress
        input = try SurveyInput(path: path)
        aggregation = EmitterReaggregation(connection: connection)
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
        let format: SurveyFormat
        var parse: ((CSVRecord) throws(SurveyRowError) -> SurveyRow)?
        if try stageStart() {
            format = .geosubmit
            if let expected = options.format, expected != format {
                throw ImportError.notASurvey(path: path, reason: "content is geosubmit, not \(expected.rawValue)")
            }
        } else {
            (format, parse) = try detectFormat()
        }
        do {
            try importInTransaction(format: format, parse: parse)
        } catch let duplicate as ImportedMeanwhile {
            // Another import of the same content committed while this one waited for the write
            // lock or ran beside it: this one was rolled back, and the file is imported once.
            return ImportSummary(path: path, format: duplicate.format, contentHash: contentHash, alreadyImported: true,
                                 duration: started.duration(to: .now))
        }
        let counts = aggregation.counts
        return ImportSummary(
            path: path, format: format, contentHash: contentHash, alreadyImported: false, rowsRead: rowsRead,
            rowsImported: rowsImported, rejections: tally.rejections, accessPointsNew: counts.accessPointsNew,
            accessPointsUpdated: counts.accessPointsUpdated, cellsNew: counts.cellsNew,
            cellsUpdated: counts.cellsUpdated, duration: started.duration(to: .now))
    }

    /// The same content was imported by another process after `previousImport()` looked.
    private struct ImportedMeanwhile: Error {
        var format: SurveyFormat
    }

    /// Writes the file in one transaction; throws `ImportedMeanwhile` (rolled back) when another
    /// import of the same content committed first.
    private func importInTransaction(
        format: SurveyFormat, parse: ((CSVRecord) throws(SurveyRowError) -> SurveyRow)?
    ) throws {
        try connection.inTransaction {
            try connection.cachedStatement(sql: """
                INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                VALUES(?, ?, 'pending', ?, 0, 0, 0, ?)
                """).execute([.text((path as NSString).lastPathComponent), .integer(file.size), .text(format.rawValue),
                          .real(Date().timeIntervalSince1970)])
            importID = try connection.integer("SELECT last_insert_rowid()")
            if let parse { try streamRows(parse) } else { try streamItems() }
            try flushAccessPointObservations()
            try flushPublishedCells()
            try aggregation.run()
            let existing = try connection.cachedStatement(sql: "SELECT format FROM imports WHERE content_hash = ?")
            existing.bind([.text(contentHash)])
            let meanwhile = try existing.step() ? existing.text(0).flatMap(SurveyFormat.init(rawValue:)) : nil
            existing.reset()
            if let meanwhile { throw ImportedMeanwhile(format: meanwhile) }
            try connection.cachedStatement(sql: """
                UPDATE imports SET content_hash = ?, rows_read = ?, rows_imported = ?, rows_rejected = ? WHERE id = ?
                """).execute([.text(contentHash), .integer(Int64(rowsRead)), .integer(Int64(rowsImported)),
                              .integer(Int64(tally.total)), .integer(importID)])
        }
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
                let hasHeader = OpenCellIDRowParser.isHeader(first)
                let parser = try OpenCellIDRowParser(header: hasHeader ? first : OpenCellIDRowParser.standardHeader)
                pendingRecords = hasHeader ? Array(records.dropFirst()) : records
                return (format, parser.parse)
            case .fingerprints:
                let parser = try FingerprintTableRowParser(header: first)
                pendingRecords = Array(records.dropFirst())
                return (format, parser.parse)
            case .geosubmit:
                preconditionFailure("geosubmit documents are recognised before the CSV reader")
            case .aplist:
                let parser = try AccessPointListRowParser(header: first)
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
    /// The first plain bytes, held until the content says which reader gets them.
    private var staged: [UInt8]? = []
    private var documentReader: GeosubmitReader?
    private var reachedEnd = false

    /// Reads the first chunk and hands it to the reader its content calls for; true when the
    /// content is a JSON document (its first byte past whitespace and a byte-order mark is `{`).
    private func stageStart() throws -> Bool {
        guard file.size > 0 else { throw ImportError.notASurvey(path: path, reason: "file is empty") }
        while (staged?.count ?? 0) < 64, try readChunk() {}
        let bytes = staged ?? []
        staged = nil
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let isDocument = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
        if isDocument {
            documentReader = GeosubmitReader()
            documentReader!.append(bytes)
            if reachedEnd { documentReader!.finish() }
        } else {
            reader.append(bytes)
            readerPrefix = ArraySlice(bytes.prefix(4096))
            if reachedEnd { reader.finish() }
        }
        return isDocument
    }

    /// Reads the next chunk into the hash and the content's reader; false at the end of the file.
    private func readChunk() throws -> Bool {
        let more = try input.readChunk(raw: { hash.update($0) }, plain: { chunk in
            if staged != nil {
                staged!.append(contentsOf: chunk)
            } else if documentReader != nil {
                documentReader!.append(chunk)
            } else {
                reader.append(chunk)
                if readerPrefix.count < 4096 { readerPrefix.append(contentsOf: chunk.prefix(4096 - readerPrefix.count)) }
            }
        })
        if more {
            progress?(ImportProgress(bytesRead: file.bytesRead, totalBytes: file.size, rowsRead: rowsRead))
        } else {
            reachedEnd = true
            if staged == nil {
                if documentReader != nil { documentReader!.finish() } else { reader.finish() }
            }
        }
        return more
    }

    /// Imports a geosubmit document item by item; an item is a "row" numbered from 1.
    private func streamItems() throws {
        while true {
            do {
                while let item = try documentReader!.nextItem() { try handle(item) }
            } catch let error as GeosubmitError {
                throw ImportError.malformedDocument(path: path, reason: error.description)
            }
            if reachedEnd { break }
            _ = try readChunk()
        }
    }

    private func handle(_ item: GeosubmitReader.Item) throws {
        rowsRead += 1
        do {
            for row in try GeosubmitItemParser.rows(from: item.value) { try store(row, line: item.number) }
            rowsImported += 1
        } catch let error as SurveyRowError {
            if options.strict {
                throw ImportError.malformedRow(line: item.number, column: error.column, reason: error.detail)
            }
            tally.record(error, line: item.number)
        }
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
