import Foundation
import PositioningCore
import RadioMap
import WorldSimulator

/// The files one evaluation reads: a radio map, queries and their truth — given, or made in a
/// temporary directory from a town or a split survey (and removed afterwards).
///
/// ```swift
/// let workspace = try EvaluationWorkspace.town("town3")     // imports its survey and cells
/// defer { workspace.removeTemporaryFiles() }
/// let map = try RadioMap(path: workspace.database, mode: .readWrite)
/// ```
public struct EvaluationWorkspace: Sendable {
    /// The radio map to locate against.
    public var database: String
    /// Geolocate requests, one per line.
    public var queries: String
    /// Their true positions, line for line.
    public var truth: String
    /// What is evaluated, for people.
    public var title: String
    /// The temporary directory holding made files, if any.
    public var temporaryDirectory: String?

    /// Whether the files were made here (and the map may be written).
    public var isTemporary: Bool { temporaryDirectory != nil }

    /// Existing files: a map, queries and truth.
    public init(database: String, queries: String, truth: String, title: String) {
        self.init(database: database, queries: queries, truth: truth, title: title, temporaryDirectory: nil)
    }

    private init(database: String, queries: String, truth: String, title: String, temporaryDirectory: String?) {
        self.database = database
        self.queries = queries
        self.truth = truth
        self.title = title
        self.temporaryDirectory = temporaryDirectory
    }

    /// Removes the made files, if any.
    public func removeTemporaryFiles() {
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// A temporary map of the survey and cells of the town `simulate` wrote to `directory`,
    /// with the town's queries and truth.
    public static func town(_ directory: String) throws -> EvaluationWorkspace {
        let survey = directory + "/" + TownWriter.FileName.survey
        guard FileManager.default.fileExists(atPath: survey) else {
            throw EvaluationError.badInput(
                "\(directory) holds no \(TownWriter.FileName.survey); write one with `whereabouts simulate`")
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
    public static func survey(_ survey: String, split: SurveySplit) throws -> EvaluationWorkspace {
        try surveys([survey], split: split)
    }

    /// A temporary map of the rows of all `files` that `split` keeps, with their held-out scans
    /// as queries and their own positions as the truth.
    public static func surveys(_ files: [String], split: SurveySplit) throws -> EvaluationWorkspace {
        let name = files.count == 1 ? (files[0] as NSString).lastPathComponent : "\(files.count) files"
        var workspace = try temporary(title: "survey \(name) (\(split.description))")
        do {
            let train = workspace.temporaryDirectory! + "/train.wigle.csv"
            if let aged = try split.write(surveys: files, train: train, queries: workspace.queries, truth: workspace.truth) {
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

    private static func temporary(title: String) throws(EvaluationError) -> EvaluationWorkspace {
        let directory = try scratchDirectory(prefix: "whereabouts-eval-")
        return EvaluationWorkspace(
            database: directory + "/map.sqlite", queries: directory + "/queries.jsonl", truth: directory + "/truth.jsonl",
            title: title, temporaryDirectory: directory)
    }

    /// A new private (0700) directory under the system's temporary directory; the caller removes it.
    public static func scratchDirectory(prefix: String) throws(EvaluationError) -> String {
        let directory = NSTemporaryDirectory() + prefix + UUID().uuidString
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite("cannot create \(directory): \(error.localizedDescription)")
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
