import SystemSupport

extension ChildProcess.ExitStatus {
    /// As Foundation's `Process.terminationStatus` gives it, which tests compare with: the exit
    /// code, or the number of the signal that ended it.
    public var terminationStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): signal
        }
    }
}
