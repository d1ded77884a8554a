import ArgumentParsing
import Foundation
import PositioningCore
import RadioMap
import SystemSupport

/// `whereabouts db export`: every stored sighting as WiGLE CSV or geosubmit JSON.
struct DatabaseExportCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every stored sighting as a WiGLE 1.4 CSV or a geosubmit JSON document.",
        discussion: """
            Surveyed, submitted and learned sightings are written at full precision, so \
            importing the export into an empty map rebuilds the same access points and cells \
            and gives the same fixes. Sightings that retention (keep_observations_days) folded \
            into summaries are written as one sighting at the summary's centre.

            Published cells \
            (OpenCellID) and anonymised fingerprint tables are reference data, not sightings: \
            re-import their own files.

            The output says where you have been: --output FILE is \
            created readable only by you (0600).
            """,
        examples: [
            "whereabouts db export --format wigle --output my-radiomap.wigle.csv",
            "whereabouts db export --format geosubmit | gzip > sightings.json.gz",
        ])

    @Option("--format", help: "The file format.") var format: ExportFormat
    @Option("--output", valueName: "FILE", help: "Write to FILE (mode 0600) instead of standard output.")
    var output: FilePath?
    @Option("--db", help: DatabaseOptionHelp.read) var database: FilePath?

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        // A read-only open refuses a missing file ("no radio map at …", exit 65) and never creates one.
        let map = try RadioMap(
            path: paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration()),
            mode: .readOnly)
        if let output {
            let file = try PrivateOutputFile(path: output.string)
            var buffer: [UInt8] = []
            do {
                _ = try map.export(format: format) { piece in
                    buffer.append(contentsOf: piece.utf8)
                    if buffer.count >= 1 << 16 {
                        try file.write(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                try file.write(buffer)
            } catch {
                // The export reports a failed write as its own; the file's own says what happened.
                throw file.failure ?? error
            }
        } else {
            var buffer = ""
            _ = try map.export(format: format) { piece in
                buffer += piece
                if buffer.utf8.count >= 1 << 16 {
                    context.output.write(buffer)
                    buffer = ""
                }
            }
            context.output.write(buffer)
        }
        return .success
    }
}

extension ExportFormat: ExpressibleByArgument {}

/// A file created (or truncated) readable and writable only by its owner, closed in `deinit`.
final class PrivateOutputFile {
    let path: String
    private let descriptor: Int32
    /// Why the last write failed, if one did.
    private(set) var failure: CommandFailure?

    init(path: String) throws(CommandFailure) {
        self.path = path
        descriptor = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(.cannotCreate, "cannot create \(path): \(FileSystemLocation.whyNotCreated(path, errno: errno))")
        }
        // An existing file keeps its old mode through O_CREAT: make it private too.
        fchmod(descriptor, 0o600)
    }

    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        do throws(Errno) {
            try FileDescriptor(rawValue: descriptor).writeAll(bytes)
        } catch {
            // Half an export is no export: remove what was written.
            unlink(path)
            let full = error.rawValue == ENOSPC || error.rawValue == EDQUOT
            let failure = CommandFailure(
                .inputOutput,
                full ? "the disk holding \(path) (\(FileSystemLocation.mountPoint(of: path))) is full; nothing was kept"
                    : "cannot write \(path): \(error)")
            self.failure = failure
            throw failure
        }
    }

    deinit {
        close(descriptor)
    }
}
