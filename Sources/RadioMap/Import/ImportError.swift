/// Why an import failed. In every case the radio map is left exactly as it was.
public enum ImportError: Error, Sendable, CustomStringConvertible {
    /// The file is not a survey Whereabouts can import (empty, binary, unknown header).
    case notASurvey(path: String, reason: String)
    /// With `strict`, the first malformed row.
    case malformedRow(line: Int, column: String?, reason: String)
    /// A JSON document is malformed or not in the geosubmit shape; nothing of it is imported.
    case malformedDocument(path: String, reason: String)
    /// A gzip or xz stream is damaged or truncated.
    case corrupt(path: String, reason: String)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The radio map failed.
    case database(RadioMapError)
    /// The scratch file beside the radio map, where a large import sorts its sightings, failed
    /// (e.g. the disk is full).
    case scratchFile(reason: String)

    public var description: String {
        switch self {
        case .notASurvey(let path, let reason): "not a survey file: \(reason) (\(path))"
        case .malformedRow(let line, let column, let reason):
            "line \(line)\(column.map { ", column \($0)" } ?? ""): \(reason)"
        case .malformedDocument(let path, let reason): "malformed geosubmit document: \(reason) (\(path))"
        case .corrupt(let path, let reason): "\(reason) (\(path))"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .database(let error): error.description
        case .scratchFile(let reason): "the import's scratch file failed: \(reason)"
        }
    }
}
