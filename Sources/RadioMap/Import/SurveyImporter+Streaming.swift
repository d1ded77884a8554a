import Foundation
import PositioningCore
import SurveyFormats

/// Reading the file: its records a chunk at a time, geosubmit items or CSV rows, each handed to
/// the storage side (`SurveyImporter+Storage`).
extension SurveyImporter {
    /// Reads up to `rows` more records into `pendingRecords`, within the header search limit.
    func readAhead(rows: Int) throws {
        var read = 0
        while read < rows {
            if let record = reader.nextRecord() {
                pendingRecords.append(record)
                read += 1
                continue
            }
            guard !reachedEnd, reader.bufferedByteCount < Self.headerSearchLimit, try readChunk() else { break }
        }
    }

    /// Reads the first chunk and hands it to the reader its content calls for; true when the
    /// content is a JSON document (its first byte past whitespace and a byte-order mark is `{`).
    func stageStart() throws -> Bool {
        guard file.size > 0 else { throw ImportError.notASurvey(path: path, reason: "file is empty") }
        while (staged?.count ?? 0) < 64, try readChunk() {}
        let bytes = staged ?? []
        staged = nil
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let isDocument = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
        if bytes.starts(with: SurveyDatabase.magic) {
            try startDatabase(bytes, compressed: input.compression != Compression.none)
        } else if isDocument {
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
    func readChunk() throws -> Bool {
        let more = try input.readChunk(raw: { _ in }, plain: { chunk in
            hash.update(chunk)
            if staged != nil {
                staged!.append(contentsOf: chunk)
            } else if let databaseSink {
                try databaseSink(chunk)
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
            if staged == nil, databaseSink == nil {
                if documentReader != nil { documentReader!.finish() } else { reader.finish() }
            }
        }
        return more
    }

    /// Imports a geosubmit document item by item; an item is a "row" numbered from 1.
    func streamItems() throws {
        rowsAreItems = true
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
            let rows = try GeosubmitItemParser.rows(from: item.value).filter { options.filter?.keeps($0) ?? true }
            guard !rows.isEmpty else {
                rowsFilteredOut += 1
                return
            }
            for row in rows { try store(row, line: item.number) }
            rowsImported += 1
        } catch let error as SurveyRowError {
            if options.strict {
                throw ImportError.malformedRow(line: item.number, column: error.column, reason: error.detail)
            }
            tally.record(error, line: item.number)
        }
    }

    /// Stores the rows the format detection already read, then the rest, which a
    /// ``RowPipeline`` reads and parses on another thread meanwhile.
    func streamRows(_ parseRow: @escaping (CSVRecord) throws(SurveyRowError) -> SurveyRow) throws {
        // Whatever the format, a last line the file cuts off is not stored (`requireLineEnd`).
        let parse = { (record: CSVRecord) throws(SurveyRowError) -> SurveyRow in
            try record.requireLineEnd()
            return try parseRow(record)
        }
        for record in pendingRecords where !record.isBlank {
            let row: Result<SurveyRow, SurveyRowError>
            do throws(SurveyRowError) {
                row = .success(try parse(record))
            } catch {
                row = .failure(error)
            }
            try handle(row, line: record.line)
        }
        pendingRecords = []
        let (input, hash, file) = (self.input, self.hash, self.file)
        let pipeline = RowPipeline(
            reader: reader, reachedEnd: reachedEnd, parse: parse,
            readChunk: { reader in
                try input.readChunk(raw: { _ in }, plain: { chunk in
                    hash.update(chunk)
                    reader.append(chunk)
                })
            },
            bytesRead: { file.bytesRead })
        reader = CSVRecordReader()  // the pipeline's now
        defer { pipeline.cancel() }
        while let batch = try pipeline.next() {
            for (line, row) in batch.rows { try handle(row, line: line) }
            progress?(ImportProgress(bytesRead: batch.bytesRead, totalBytes: file.size, rowsRead: rowsRead))
        }
    }

    func handle(_ row: Result<SurveyRow, SurveyRowError>, line: Int) throws {
        rowsRead += 1
        switch row {
        case .success(let row):
            if let filter = options.filter, !filter.keeps(row) {
                rowsFilteredOut += 1
                return
            }
            try store(row, line: line)
            rowsImported += 1
        case .failure(let error):
            if options.strict {
                throw ImportError.malformedRow(line: line, column: error.column, reason: error.detail)
            }
            tally.record(error, line: line)
        }
    }
}
