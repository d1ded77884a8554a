import Foundation
import SurveyFormats
import SystemSupport

/// A ZIP archive on disk, its directory read and checked (`ZipArchive`) without reading its
/// members: each member is read later, streamed from its byte range (`SurveyInput(archive:member:)`).
struct ZipArchiveFile {
    /// The archive's path.
    let path: String
    /// Its file members (folders left out), in the directory's order, each with where its data starts.
    let members: [(entry: ZipArchive.Entry, dataOffset: Int)]

    /// Whether the file at `path` starts like a ZIP archive (false when it cannot be read: the
    /// import that follows says why).
    static func isArchive(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 4)) ?? Data()
        return ZipArchive.looksLikeArchive(prefix)
    }

    /// Reads and checks the directory of the archive at `path`.
    /// - Throws: `ImportError.notASurvey` naming what is wrong with the archive, or `.unreadable`.
    init(path: String) throws(ImportError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ImportError.unreadable(path: path, reason: "not a regular file")
        }
        let size = Int(status.st_size)
        func read(_ count: Int, at offset: Int) throws(ImportError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got: Int
                do throws(Errno) {
                    let start = filled
                    let result: Result<Int, Errno> = bytes.withUnsafeMutableBytes { buffer in
                        do throws(Errno) {
                            return .success(try FileDescriptor(rawValue: descriptor).read(
                                fromAbsoluteOffset: Int64(offset + start), into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...])))
                        } catch {
                            return .failure(error)
                        }
                    }
                    got = try result.get()
                } catch {
                    throw ImportError.unreadable(path: path, reason: error.description)
                }
                guard got > 0 else { break }
                filled += got
            }
            return Array(bytes[0..<filled])
        }
        do {
            let tailLength = min(size, ZipArchive.endRecordSearchLength)
            let location = try ZipArchive.directoryLocation(tail: try read(tailLength, at: size - tailLength), fileSize: size)
            let directory = try read(location.size, at: location.offset)
            let entries = try ZipArchive.entries(directory: directory, count: location.count, offset: location.offset)
            var members: [(entry: ZipArchive.Entry, dataOffset: Int)] = []
            for entry in entries where !entry.isDirectory {
                let header = try read(ZipArchive.localHeaderLength + entry.nameBytesCount, at: entry.localHeaderOffset)
                members.append((entry, try ZipArchive.dataOffset(of: entry, localHeader: header, directoryOffset: location.offset)))
            }
            self.members = members
        } catch let error as ZipArchive.Error {
            throw ImportError.notASurvey(path: path, reason: "unreadable ZIP archive: \(error.reason)")
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.unreadable(path: path, reason: "\(error)")
        }
    }
}
