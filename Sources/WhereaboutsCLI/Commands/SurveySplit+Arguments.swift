import ArgumentParsing
import Evaluation
import RadioMap

extension SurveySplit {
    /// `--split-column`, `--split-device` or `--holdout` (with `--seed`), and `--min-aps`.
    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        let column = arguments.value("--split-column")
        let device = arguments.value("--split-device")
        let fractionText = arguments.value("--holdout")
        guard [column, device, fractionText].compactMap({ $0 }).count <= 1 else {
            throw .usage("give one of --split-column, --split-device and --holdout")
        }
        let rule: Rule
        if let column {
            rule = .column(column)
        } else if let device {
            rule = .device(device)
        } else {
            let fraction = fractionText.flatMap(Double.init) ?? 0.2
            guard fraction > 0, fraction < 1 else { throw .usage("--holdout expects a fraction between 0 and 1") }
            rule = .fraction(fraction, seed: try MapCalibration(arguments).seed)
        }
        self.init(rule: rule)
        if let text = arguments.value("--min-aps") {
            guard let value = Int(text), value >= 1 else { throw .usage("--min-aps expects a positive whole number") }
            minimumAccessPoints = value
        }
    }
}
