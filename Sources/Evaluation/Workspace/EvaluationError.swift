/// Why an evaluation could not be set up.
public enum EvaluationError: Error, CustomStringConvertible, Sendable {
    /// The input is not what the evaluation reads (a directory `simulate` did not write, a
    /// survey without device models, …); the message says what was expected.
    case badInput(String)
    /// A scratch file or directory could not be made.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .badInput(let message), .cannotWrite(let message): message
        }
    }
}
