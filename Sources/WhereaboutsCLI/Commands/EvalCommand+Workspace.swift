import Foundation
import Evaluation
import PositioningCore
import RadioMap
import WorldSimulator

/// The files one evaluation reads: a radio map, queries and their truth — given, or made in a
/// temporary directory from a town or a split survey (and removed afterwards).
struct EvaluationWorkspace {
    var database: String
    var queries: String
    var truth: String
    var title: String
    /// The temporary directory holding made files, if any.
    var temporaryDirectory: String?

    var isTemporary: Bool { temporaryDirectory != nil }

    func removeTemporaryFiles() {
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

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
        return EvaluationWorkspace(database: database, queries: queries, truth: truth, title: queries, temporaryDirectory: nil)
    }

    /// A temporary map of the survey and cells of the town `simulate` wrote to `directory`,
    /// with the town's queries and truth.
    static func town(_ directory: String) throws -> EvaluationWorkspace {
        let survey = directory + "/" + TownWriter.FileName.survey
        guard FileManager.default.fileExists(atPath: survey) else {
            throw CommandFailure(.dataError, "\(directory) holds no \(TownWriter.FileName.survey); write one with `whereabouts simulate`")
        }
        var workspace = try temporary(title: "town \((directory as NSString).lastPathComponent)")
        workspace.queries = directory + "/" + TownWriter.FileName.queries
        workspace.truth = directory + "/" + TownWriter.FileName.truth
        do {
            try importFiles([survey, directory + "/" + TownWriter.FileName.cells], into: workspace.database)
        } catch {
            workspace.removeTemporaryFiles()
            throw error
        }
        return workspace
    }

    /// A temporary map of the rows of `survey` that `split` keeps, with its held-out scans as
    /// queries and their own positions as the truth.
    static func survey(_ survey: String, split: SurveySplit) throws -> EvaluationWorkspace {
        let name = (survey as NSString).lastPathComponent
        var workspace = try temporary(title: "survey \(name) (\(split.description))")
        do {
            let train = workspace.temporaryDirectory! + "/train.wigle.csv"
            if let aged = try split.write(survey: survey, train: train, queries: workspace.queries, truth: workspace.truth) {
                workspace.title = "survey \(name) (\(split.description); \(aged.aged) of \(aged.of) held-out Wi-Fi scans "
                    + "hold readings of the phones' scan cache, which carry their age)"
            }
            try importFiles([train], into: workspace.database)
        } catch {
            workspace.removeTemporaryFiles()
            throw error
        }
        return workspace
    }

    private static func temporary(title: String) throws -> EvaluationWorkspace {
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-eval-")
        return EvaluationWorkspace(
            database: directory + "/map.sqlite", queries: directory + "/queries.jsonl", truth: directory + "/truth.jsonl",
            title: title, temporaryDirectory: directory)
    }

    /// A new private (0700) directory under the system's temporary directory; the caller removes it.
    static func scratchDirectory(prefix: String) throws(CommandFailure) -> String {
        let directory = NSTemporaryDirectory() + prefix + UUID().uuidString
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure(.failure, "cannot create \(directory): \(error.localizedDescription)")
        }
        return directory
    }

    private static func importFiles(_ files: [String], into database: String) throws {
        let radioMap = try RadioMap(path: database, mode: .readWrite)
        for file in files where FileManager.default.fileExists(atPath: file) {
            _ = try radioMap.importSurvey(at: file, options: ImportOptions(), progress: nil)
        }
    }
}
