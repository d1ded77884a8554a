/// Why a server could not start.
public enum ServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The socket could not be created, bound or put in listening state.
    case cannotListen(address: String, reason: String, permissionDenied: Bool)
    /// A worker could not open the radio map.
    case radioMap(String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason, _): "cannot listen on \(address): \(reason)"
        case .radioMap(let reason): reason
        }
    }
}
