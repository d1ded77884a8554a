extension ChildProcess {
    /// How a child process ended: it exited with a code, or a signal ended it.
    public enum ExitStatus: Hashable, Sendable {
        /// It called `exit` (or returned from `main`) with this code, 0…255.
        case exited(Int32)
        /// This signal ended it (`SIGKILL` is 9).
        case signalled(Int32)

        /// The status `waitpid` reported.
        public init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }

        /// As a shell reports it in `$?`: the exit code, or 128 plus the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }
    }
}
