import ArgumentParsing
import Geolocation

/// `--estimator NAME` of `locate`, `serve` and `eval`: whereabouts or ichnaea, in any case.
extension EstimatorChoice: ExpressibleByArgument {
    public init(argument: String) throws(ArgumentValueError) {
        do {
            self = try EstimatorChoice(named: argument)
        } catch {
            throw .reason(error.description)
        }
    }
    public static var defaultValueName: String { "NAME" }
}
