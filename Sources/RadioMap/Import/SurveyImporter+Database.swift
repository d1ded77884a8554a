import Foundation
import PositioningCore
import SurveyFormats

extension SurveyImporter {
    /// Takes a database's first bytes: the rest of the file is only hashed — or, when it came
    /// gzip- or xz-compressed, also unpacked into a scratch file beside the map (0600, removed
    /// when the import ends), since SQLite reads a file, not a stream.
    func startDatabase(_ bytes: [UInt8], compressed: Bool) throws {
        guard compressed else {
            databaseSink = { _ in }
            databaseCopy = (path, false)
            return
        }
        let scratch = (spilling.directory as NSString).appendingPathComponent(".whereabouts-import-\(UUID().uuidString).sqlite")
        guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes), attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: scratch)
        else {
            throw ImportError.scratchFile(reason: "cannot create \(scratch)")
        }
        databaseCopy = (scratch, true)
        handle.seekToEndOfFile()
        databaseSink = { chunk in
            do {
                try handle.write(contentsOf: Data(buffer: chunk))
            } catch {
                throw ImportError.scratchFile(reason: "\(error.localizedDescription) (\(scratch))")
            }
        }
    }

    /// The survey database, once the file is read to its end, or nil when the content is not one.
    /// - Throws: `ImportError` when it is a database but not a survey, or when `--format` names a
    ///   text format.
    func openDatabase() throws -> SurveyDatabase? {
        guard let copy = databaseCopy else { return nil }
        while !reachedEnd, try readChunk() {}
        databaseSink = nil
        let database = try SurveyDatabase(databasePath: copy.path, path: path)
        if let expected = options.format, expected != database.format {
            throw ImportError.notASurvey(path: path, reason: "content is \(database.format.rawValue), not \(expected.rawValue)")
        }
        return database
    }

    /// Stores the database's rows, reporting progress (rows read; the file itself was read
    /// whole for its hash) every 10,000 rows.
    func streamDatabase(_ database: SurveyDatabase) throws {
        var sinceReport = 0
        try database.forEachRow { row, line in
            try handle(row, line: line)
            sinceReport += 1
            if sinceReport == 10_000 {
                sinceReport = 0
                progress?(ImportProgress(bytesRead: input.file.size, totalBytes: input.file.size, rowsRead: rowsRead))
            }
        }
    }

    /// Removes the scratch copy of a compressed database, if one was made.
    func removeDatabaseCopy() {
        if let copy = databaseCopy, copy.isScratch { try? FileManager.default.removeItem(atPath: copy.path) }
    }
}
