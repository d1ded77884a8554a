/// Why the simulator could not write its output.
public enum SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file or directory could not be created or written; `reason` is the system's message.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
