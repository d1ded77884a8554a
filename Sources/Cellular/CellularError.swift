/// Why the cellular source gave no serving cell.
public enum CellularError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No usable modem or ModemManager here, with what to do about it.
    case unavailable(reason: String, remedy: String)
    /// ModemManager refused the request (polkit), with what to do about it.
    case denied(reason: String, remedy: String)
    /// `mmcli` printed something that is not the JSON Whereabouts expects.
    case malformedOutput(String)

    public var description: String {
        switch self {
        case .unavailable(let reason, let remedy), .denied(let reason, let remedy): "\(reason) (\(remedy))"
        case .malformedOutput(let detail): "unexpected mmcli output: \(detail)"
        }
    }
}

/// Whether the cellular source can deliver a serving cell, for `whereabouts status`.
public enum CellularAvailability: Hashable, Sendable {
    /// Usable; `detail` names the serving cell found.
    case available(detail: String)
    /// Not usable here, with what to do about it.
    case unavailable(reason: String, remedy: String)
    /// Present but not permitted, with what to do about it.
    case denied(reason: String, remedy: String)
}
