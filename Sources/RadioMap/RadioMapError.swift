/// Why a radio map could not be opened or read.
public enum RadioMapError: Error, Sendable, CustomStringConvertible {
    /// A read-only open found no file at `path`.
    case missing(path: String)
    /// The file is not a Whereabouts radio map: not a database, truncated, corrupt, or another
    /// application's database.
    case notARadioMap(path: String, reason: String)
    /// SQLite failed.
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .missing(let path): "no radio map at \(path)"
        case .notARadioMap(let path, let reason): "not a radio map: \(reason) (\(path))"
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
        case let error as SQLiteError: return .sqlite(error)
        default: return .sqlite(SQLiteError(extendedCode: 1, message: "\(error)"))
        }
    }
}
