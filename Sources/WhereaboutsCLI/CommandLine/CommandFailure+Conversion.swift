import ArgumentParsing
import Evaluation
import LocationService
import PositioningCore
import RadioMap
import SystemSupport

extension CommandFailure {
    /// Converts any error that reaches the command layer into a message and an exit code.
    /// This is the one place where module errors meet sysexits codes.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as UsageError:
            self = .usage(error.message)
        case let error as ConfigurationError:
            switch error {
            case .unreadable: self.init(.permissionDenied, error.description)
            case .malformed: self.init(.disabled, error.description)
            }
        case let error as RadioMapError:
            self.init(Self.exitCode(for: error), error.description)
        case let error as ImportError:
            switch error {
            case .database(let underlying): self.init(Self.exitCode(for: underlying), error.description)
            case .unreadable: self.init(.dataError, error.description)
            case .scratchFile: self.init(.inputOutput, error.description)
            default: self.init(.dataError, error.description)
            }
        case let error as EvaluationError:
            switch error {
            case .badInput: self.init(.dataError, error.description)
            case .cannotWrite: self.init(.failure, error.description)
            }
        case let error as SurveySplitError:
            switch error {
            case .unwritable: self.init(.failure, error.description)
            default: self.init(.dataError, error.description)
            }
        case let error as ReplayTraceWriteError:
            switch error {
            case .cannotOpen(_, let reason) where reason == .permissionDenied: self.init(.permissionDenied, error.description)
            case .cannotOpen: self.init(.dataError, error.description)
            case .cannotWrite: self.init(.failure, error.description)
            }
        default:
            self.init(.failure, "\(error)")
        }
    }

    /// No radio map at `path` (`remedy` after the reason): a data error, or, while an import
    /// builds the map there out of sight, a temporary failure that says so.
    static func noRadioMap(at path: String, remedy: String? = nil) -> CommandFailure {
        if let builder = RadioMap.builder(of: path) { return CommandFailure(RadioMapError.beingBuilt(path: path, processID: builder)) }
        return CommandFailure(.dataError, "no radio map at \(path)" + (remedy.map { "; \($0)" } ?? ""))
    }

    private static func exitCode(for error: RadioMapError) -> ExitCode {
        switch error {
        case .missing, .notARadioMap: .dataError
        case .beingCreated, .beingBuilt: .temporaryFailure
        case .diskFull, .inputOutput: .inputOutput
        case .readOnly: .permissionDenied
        case .cannotCreate: .cannotCreate
        case .sqlite: .failure
        }
    }
}
