import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport

/// Streams one GeoNames file (places, `countryInfo.txt` or `admin1CodesASCII.txt`) into the
/// places tables in one transaction (see `RadioMap.importPlaces`). Used once, then discarded.
final class PlacesImporter {
    private let connection: SQLiteConnection
    private let path: String
    private let options: ImportOptions
    private let progress: ((ImportProgress) -> Void)?
    private let started = MonotonicInstant.now
    private var rowsRead = 0
    private var rowsImported = 0
    private var tally = RejectionTally()

    /// Lines are looked at this far for the first non-comment one.
    private static let sniffLimit = 1 << 16

    init(connection: SQLiteConnection, path: String, options: ImportOptions, progress: ((ImportProgress) -> Void)?) {
        self.connection = connection
        self.path = path
        self.options = options
        self.progress = progress
    }

    /// Whether `path` starts like a GeoNames file (its first non-comment line is tab-separated
    /// in one of the three layouts); false when it cannot be read (the survey path reports that).
    static func recognizes(_ path: String) -> Bool {
        (try? kind(of: path)) != nil
    }

    /// The kind of GeoNames file at `path`, or nil.
    static func kind(of path: String) throws -> GeoNamesFileKind? {
        let file = try FileChunkReader(path: path, chunkSize: sniffLimit)
        var prefix: [UInt8] = []
        _ = try file.readChunk(path: path) { prefix = Array($0) }
        guard !prefix.contains(0) else { return nil }
        let text = String(decoding: prefix, as: UTF8.self)
        for line in text.split(separator: "\n").dropLast(prefix.count == sniffLimit ? 1 : 0) {
            if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\r" }) { continue }
            return GeoNamesFileKind.detect(firstLine: line)
        }
        return nil
    }

    func run() throws -> ImportSummary {
        let file = try FileChunkReader(path: path)
        let hash = SHA256()
        while try file.readChunk(path: path, { hash.update($0) }) {}
        file.rewind()
        let contentHash = hash.finalize()
        let previous = try connection.cachedStatement(sql: "SELECT count(*) FROM imports WHERE content_hash = ?")
        previous.bind([.text(contentHash)])
        let seen = try previous.step() && previous.int64(0) > 0
        previous.reset()
        if seen {
            return ImportSummary(path: path, format: .geonames, contentHash: contentHash, alreadyImported: true,
                                 duration: started.duration(to: .now))
        }
        guard file.size > 0 else { throw ImportError.notASurvey(path: path, reason: "file is empty") }
        guard let kind = try Self.kind(of: path) else {
            throw ImportError.notASurvey(path: path, reason: "not a GeoNames places, countryInfo or admin1Codes file")
        }
        try connection.inTransaction {
            try connection.cachedStatement(sql: """
                INSERT INTO imports(name, size, content_hash, format, rows_read, rows_imported, rows_rejected, imported_at)
                VALUES(?, ?, ?, 'geonames', 0, 0, 0, ?)
                """).execute([.text((path as NSString).lastPathComponent), .integer(file.size), .text(contentHash),
                              .real(Date().timeIntervalSince1970)])
            let importID = try connection.integer("SELECT last_insert_rowid()")
            let store = try makeStore(kind, importID: importID)
            try streamLines(of: file, kind: kind, store)
            try connection.cachedStatement(sql: """
                UPDATE imports SET rows_read = ?, rows_imported = ?, rows_rejected = ? WHERE id = ?
                """).execute([.integer(Int64(rowsRead)), .integer(Int64(rowsImported)), .integer(Int64(tally.total)),
                              .integer(importID)])
        }
        return ImportSummary(
            path: path, format: .geonames, contentHash: contentHash, alreadyImported: false, rowsRead: rowsRead,
            rowsImported: rowsImported, rejections: tally.rejections, duration: started.duration(to: .now))
    }

    /// A function that parses and stores one line of a `kind` file.
    private func makeStore(_ kind: GeoNamesFileKind, importID: Int64) throws -> (Substring) throws -> Void {
        switch kind {
        case .places:
            let insert = try connection.makeStatement(sql: """
                INSERT OR REPLACE INTO places(geonameid, name, ascii_name, latitude, longitude, feature_code,
                    country_code, admin1_code, population, import_id)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let index = try connection.makeStatement(sql: """
                INSERT OR REPLACE INTO places_index(id, min_latitude, max_latitude, min_longitude, max_longitude)
                VALUES(?1, ?2, ?2, ?3, ?3)
                """)
            return { line in
                let place = try GeoNamesParser.parsePlace(line)
                try insert.execute([
                    .integer(place.id), .text(place.name), .text(place.asciiName), .real(place.coordinate.latitude),
                    .real(place.coordinate.longitude), .text(place.featureCode), .text(place.countryCode),
                    .text(place.admin1Code), .integer(place.population), .integer(importID)])
                try index.execute([.integer(place.id), .real(place.coordinate.latitude), .real(place.coordinate.longitude)])
            }
        case .countries:
            let insert = try connection.makeStatement(sql: "INSERT OR REPLACE INTO place_countries(code, name) VALUES(?, ?)")
            return { line in
                guard let country = try GeoNamesParser.parseCountry(line) else { throw SkippedLine() }
                try insert.execute([.text(country.code), .text(country.name)])
            }
        case .adminAreas:
            let insert = try connection.makeStatement(
                sql: "INSERT OR REPLACE INTO place_admin_areas(key, name, ascii_name) VALUES(?, ?, ?)")
            return { line in
                let area = try GeoNamesParser.parseAdminArea(line)
                try insert.execute([.text(area.key), .text(area.name), .text(area.asciiName)])
            }
        }
    }

    /// A comment line, which is neither imported nor rejected.
    private struct SkippedLine: Error {}

    private func streamLines(of file: FileChunkReader, kind: GeoNamesFileKind, _ store: (Substring) throws -> Void) throws {
        var lines = LineBuffer()
        var lineNumber = 0
        func handle(_ bytes: ArraySlice<UInt8>, endsMidLine: Bool = false) throws {
            lineNumber += 1
            let line = Substring(String(decoding: bytes, as: UTF8.self))
            guard !line.isEmpty, !(kind != .countries && line.hasPrefix("#")) else { return }
            rowsRead += 1
            do {
                // GeoNames ends every line; a last one without its end was cut short (`CSVRecord.requireLineEnd`).
                if endsMidLine { throw SurveyRowError.endsMidLine }
                try store(line)
                rowsImported += 1
            } catch is SkippedLine {
                rowsRead -= 1
            } catch let error as SurveyRowError {
                if options.strict {
                    throw ImportError.malformedRow(line: lineNumber, column: error.column, reason: error.detail)
                }
                tally.record(error, line: lineNumber)
            }
        }
        while try file.readChunk(path: path, { chunk in
            lines.append(UnsafeRawBufferPointer(chunk))
            while let line = lines.nextLine() { try handle(line) }
        }) {
            progress?(ImportProgress(bytesRead: file.bytesRead, totalBytes: file.size, rowsRead: rowsRead))
        }
        if let last = lines.finish() { try handle(last, endsMidLine: true) }
    }
}

extension RadioMap {
    /// Imports a GeoNames file into the places tables: a `cities500.txt`-style dump (every
    /// feature class P row, whatever its feature code), `countryInfo.txt` or
    /// `admin1CodesASCII.txt` (the names `locate` and `geocode` print). One transaction; a
    /// re-import of the same content changes nothing and says so.
    ///
    /// Normally reached through `importSurvey(at:options:progress:)`, which recognises the files.
    /// - Throws: `ImportError`; the map is then left exactly as it was.
    public func importPlaces(
        at path: String, options: ImportOptions, progress: ((ImportProgress) -> Void)?
    ) throws(ImportError) -> ImportSummary {
        precondition(mode == .readWrite, "importPlaces needs a radio map opened .readWrite")
        do {
            return try PlacesImporter(connection: connection, path: path, options: options, progress: progress).run()
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: self.path))
        }
    }
}
