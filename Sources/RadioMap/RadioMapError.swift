import Foundation
import SystemSupport

/// Why a radio map could not be opened, read or written.
public enum RadioMapError: Error, Sendable, CustomStringConvertible {
    /// A read-only open found no file at `path`.
    case missing(path: String)
    /// A read-only open found no file at `path`, but process `processID` is building a new map
    /// there out of sight (`RadioMap.buildNew`): it appears, whole, when that import is done.
    case beingBuilt(path: String, processID: Int32)
    /// The file is not a Whereabouts radio map: not a database, truncated, corrupt, or another
    /// application's database.
    case notARadioMap(path: String, reason: String)
    /// Another process is still creating the map (a reader waited for it and gave up).
    case beingCreated(path: String)
    /// The disk holding the map (mounted at `disk`) is full; the map is as it was.
    case diskFull(path: String, disk: String)
    /// Reading or writing the file failed below SQLite (`SQLITE_IOERR`); the map is as it was.
    case inputOutput(path: String, reason: String)
    /// The map can be read but not written: by this user, or on this mount.
    case readOnly(path: String, reason: String)
    /// The map (or its directory) cannot be created.
    case cannotCreate(path: String, reason: String)
    /// SQLite failed.
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .missing(let path): "no radio map at \(path)"
        case .beingBuilt(let path, let processID):
            "no radio map at \(path) yet: an import (process \(processID)) is building it, and it appears, whole, "
                + "when every file is in; try again then"
        case .notARadioMap(let path, let reason): "not a radio map: \(reason) (\(path))"
        case .beingCreated(let path):
            "the radio map \(path) is still being created by another process; try again in a moment"
        case .diskFull(let path, let disk):
            "the disk holding \(path) (\(disk)) is full; nothing was changed: free some space there, or give another --db"
        case .inputOutput(let path, let reason): "cannot read or write \(path): \(reason); nothing was changed"
        case .readOnly(let path, let reason):
            "cannot write to the radio map \(path): \(reason); run this as the map's owner, or copy the map "
                + "somewhere you can write and give that path with --db"
        case .cannotCreate(let path, let reason):
            "cannot create the radio map \(path): \(reason); choose a directory you can write with --db"
        case .sqlite(let error): error.description
        }
    }

    /// The one conversion from a lower-level failure into this boundary's error (public for
    /// readers that load from the map through closures of their own, as `LoadedData` does).
    public static func converting(_ error: any Error, path: String) -> RadioMapError {
        switch error {
        case let error as RadioMapError: return error
        case let error as SQLiteError where error.isNotADatabase:
            return .notARadioMap(path: path, reason: "file is not a database")
        case let error as SQLiteError where error.isCorrupt:
            return .notARadioMap(path: path, reason: "database is corrupt")
        case let error as SQLiteError where error.isFull:
            return .diskFull(path: path, disk: FileSystemLocation.mountPoint(of: path))
        case let error as SQLiteError where error.isReadOnly:
            return .readOnly(path: path, reason: FileSystemLocation.whyReadOnly(path))
        case let error as SQLiteError where error.isInputOutput:
            // A full disk where SQLite writes its shared-memory index (`-shm`) shows as an I/O error.
            if FileSystemLocation.isFull(path) {
                return .diskFull(path: path, disk: FileSystemLocation.mountPoint(of: path))
            }
            return .inputOutput(path: path, reason: error.message)
        case let error as SQLiteError: return .sqlite(error)
        default: return .sqlite(SQLiteError(extendedCode: 1, message: "\(error)"))
        }
    }
}
