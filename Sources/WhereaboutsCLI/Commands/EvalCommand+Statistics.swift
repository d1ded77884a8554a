import ArgumentParsing
import Evaluation
import Foundation

extension EvalCommand {
    /// `eval --survey-statistics SET…`: each set (a survey file, or a directory's `*.csv`) measured
    /// by `SurveyStatistics`, a column each.
    func runStatistics(context: CommandContext) throws -> ExitCode {
        var sets: [(name: String, statistics: SurveyStatistics)] = []
        for set in statisticsSets.map(\.string) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: set, isDirectory: &isDirectory) else {
                throw CommandFailure(.dataError, "no survey file or directory at \(set)")
            }
            var files = [set]
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: set)) ?? []
                files = names.filter { $0.hasSuffix(".csv") }.sorted().map { set + "/" + $0 }
                guard !files.isEmpty else { throw CommandFailure(.dataError, "\(set) holds no .csv file") }
            }
            do {
                sets.append(((set as NSString).lastPathComponent, try SurveyStatistics(files: files)))
            } catch {
                throw CommandFailure(.dataError, error.description)
            }
        }
        context.output.write(SurveyStatistics.table(sets))
        return .success
    }
}
