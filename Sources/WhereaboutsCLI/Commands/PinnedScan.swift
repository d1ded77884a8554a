import ArgumentParsing
import Foundation
import PositioningCore
import SurveyFormats
import LocationService

/// What `learn` pins: a recorded scan read from a file, or what the radios hear now.
enum PinnedScan {
    /// The samples of a recorded scan (`RecordedScan`): a geolocate request or a replay trace.
    /// - Throws: `CommandFailure` (exit 65) naming the line and reason when the file is neither.
    static func read(_ path: String) throws(CommandFailure) -> [RadioSample] {
        let bytes = try InputFile.readAll(path)
        do {
            return try RecordedScan.samples(from: bytes)
        } catch {
            switch error {
            case .empty: throw CommandFailure(.dataError, "\(path): no scan in it")
            case .neither(let trace):
                throw CommandFailure(.dataError, "\(path): neither a geolocate request nor a replay trace (\(trace))")
            }
        }
    }

    /// A Wi-Fi scan and the modem's serving cell, made now; what is not there is said on
    /// standard error.
    /// - Throws: `CommandFailure` with the Wi-Fi scan's exit code (69, 77) when neither radio heard anything.
    static func listen(interface: String?, timeout: Double, context: CommandContext) async throws(CommandFailure) -> RadioSample {
        let heard = await LiveRadios().hearNow(interface: interface, budget: .milliseconds(Int(timeout * 1000)))
        guard heard.sample.wifi.isEmpty && heard.sample.cells.isEmpty else {
            for problem in heard.problems { context.errors.line("Note: \(problem)") }
            return heard.sample
        }
        throw CommandFailure(heard.wifiExitCode.flatMap(ExitCode.init(rawValue:)) ?? .unavailable,
                             "nothing heard to pin (\(heard.problems.joined(separator: "; "))); "
                             + "record a scan elsewhere with `whereabouts scan --record FILE` and give it with --scan FILE")
    }
}
