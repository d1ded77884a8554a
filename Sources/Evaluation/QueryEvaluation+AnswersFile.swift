import Foundation
import RadioMap
import SystemSupport

extension QueryEvaluation {
    /// The report for `queries` scored against `truth` on `radioMap`, as
    /// `evaluate(queries:truth:radioMap:answers:)` gives it, with the first estimator's answers
    /// written to `answersPath` (`eval --answers`): a line per query, for the map's stored
    /// factors what `locate --batch` writes.
    ///
    /// The file is written once every query is scored, so a failed evaluation leaves none; it
    /// is created 0600, since the answers are positions.
    ///
    /// ```swift
    /// let report = try QueryEvaluation(estimators: [.whereabouts], radius: .stored)
    ///     .evaluate(queries: "q.jsonl", truth: "t.jsonl", radioMap: map, writingAnswersTo: "answers.jsonl")
    /// ```
    /// - Throws: as `evaluate(queries:truth:radioMap:answers:)`, and `EvaluationError.cannotWrite`
    ///   when the answers file cannot be written.
    public func evaluate(
        queries: String, truth: String, radioMap: RadioMap, writingAnswersTo answersPath: String
    ) throws -> EvaluationReport {
        var written: [UInt8] = []
        let report = try evaluate(queries: queries, truth: truth, radioMap: radioMap) { written.append(contentsOf: $0) }
        do {
            try PrivateFile.write(written, to: answersPath)
        } catch {
            throw EvaluationError.cannotWrite("cannot write \(answersPath): \(error)")
        }
        return report
    }
}
