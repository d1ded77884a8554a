/// Why a survey could not be split.
public enum SurveySplitError: Error, CustomStringConvertible, Sendable {
    /// The survey file could not be opened or read.
    case unreadable(path: String)
    /// The survey file holds no header.
    case empty(path: String)
    /// The survey lacks a WiGLE column the training file needs.
    case missingColumn(path: String, name: String)
    /// An output file could not be created or written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read \(path)"
        case .empty(let path): "\(path) is empty"
        case .missingColumn(let path, let name): "\(path) has no \(name) column"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
