import Geolocation

/// `--estimator NAME` of `locate`, `serve` and `eval`: whereabouts or ichnaea, in any case.
extension EstimatorChoice: ExpressibleByArgument {
    init(argument: String) throws(ArgumentValueError) {
        do {
            self = try EstimatorChoice(named: argument)
        } catch {
            throw .reason(error.description)
        }
    }
    static var defaultValueName: String { "NAME" }
}
