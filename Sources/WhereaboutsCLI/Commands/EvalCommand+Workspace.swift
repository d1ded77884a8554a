import ArgumentParsing
import Evaluation
import Foundation

extension EvaluationWorkspace {
    /// The workspace `--town`, `--survey` (with its split options) or `--queries/--truth/--db` names.
    static func prepare(_ arguments: ParsedArguments) throws -> EvaluationWorkspace {
        if let town = arguments.value("--town") { return try self.town(town) }
        if let survey = arguments.value("--survey") { return try self.survey(survey, split: try SurveySplit(arguments)) }
        guard let queries = arguments.value("--queries"), let truth = arguments.value("--truth"),
            let database = arguments.value("--db")
        else {
            throw CommandFailure.usage("--queries needs --truth and --db")
        }
        guard FileManager.default.fileExists(atPath: database) else {
            throw CommandFailure(.dataError, "no radio map at \(database)")
        }
        return EvaluationWorkspace(database: database, queries: queries, truth: truth, title: queries)
    }
}
