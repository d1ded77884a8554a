import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport
#if canImport(Glibc)
    import Glibc
#endif

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
        // 0600 and new from its first byte: the unpacked survey holds positions and BSSIDs.
        let raw = open(scratch, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard raw >= 0 else {
            throw ImportError.scratchFile(reason: "cannot create \(scratch): \(Errno.current)")
        }
        databaseCopy = (scratch, true)
        databaseCopyDescriptor = raw
        let descriptor = FileDescriptor(rawValue: raw)
        func write(_ chunk: UnsafeRawBufferPointer) throws {
            do {
                _ = try descriptor.writeAll(chunk)
            } catch {
                throw ImportError.scratchFile(reason: "\(error) (\(scratch))")
            }
        }
        try bytes.withUnsafeBytes { try write($0) }
        databaseSink = { chunk in try write(UnsafeRawBufferPointer(chunk)) }
    }

    /// The survey database, once the file is read to its end, or nil when the content is not one.
    /// - Throws: `ImportError` when it is a database but not a survey, or when `--format` names a
    ///   text format.
    func openDatabase() throws -> SurveyDatabase? {
        guard let copy = databaseCopy else { return nil }
        while !reachedEnd, try readChunk() {}
        databaseSink = nil
        closeDatabaseCopy()
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
        closeDatabaseCopy()
        if let copy = databaseCopy, copy.isScratch { try? FileManager.default.removeItem(atPath: copy.path) }
    }

    /// Closes the scratch copy's descriptor, once its last byte is written (or the import stops).
    private func closeDatabaseCopy() {
        if let descriptor = databaseCopyDescriptor { close(descriptor) }
        databaseCopyDescriptor = nil
    }
}
