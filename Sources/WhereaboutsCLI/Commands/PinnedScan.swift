import ArgumentParsing
import Cellular
import Foundation
import PositioningCore
import SurveyFormats
import WiFiScanner

/// What `learn` pins: a recorded scan read from a file, or what the radios hear now.
enum PinnedScan {
    /// The samples of a geolocate request (one, heard now) or of a replay trace (one per line).
    /// - Throws: `CommandFailure` (exit 65) naming the line and reason when the file is neither.
    static func read(_ path: String) throws(CommandFailure) -> [RadioSample] {
        let bytes = try InputFile.readAll(path)
        // One JSON object: a geolocate request (a one-line trace reads as one as well).
        if let request = try? GeolocateRequest.parse(bytes) {
            return [RadioSample(time: Date(), wifi: request.wifiAccessPoints, cells: request.cellTowers)]
        }
        do {
            let samples = try ReplayTrace.parse(String(decoding: bytes, as: UTF8.self))
            guard !samples.isEmpty else { throw CommandFailure(.dataError, "\(path): no scan in it") }
            return samples
        } catch let error as ReplayTraceError {
            throw CommandFailure(.dataError, "\(path): neither a geolocate request nor a replay trace (\(error))")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "\(path): \(error)")
        }
    }

    /// A Wi-Fi scan and the modem's serving cell, made now; what is not there is said on
    /// standard error.
    /// - Throws: `CommandFailure` with the Wi-Fi scan's exit code (69, 77) when neither radio heard anything.
    static func listen(interface: String?, timeout: Double, context: CommandContext) async throws(CommandFailure) -> RadioSample {
        let budget = Duration.milliseconds(Int(timeout * 1000))
        var sample = RadioSample(time: Date())
        var problems: [String] = []
        var exitCode = ExitCode.unavailable
        do {
            sample.wifi = try await WiFiScanner().scan(interface: interface, mode: .fresh, timeout: budget).observations
        } catch {
            problems.append("Wi-Fi: \(error.description)")
            exitCode = ExitCode(rawValue: error.exitCode) ?? .unavailable
        }
        do {
            sample.cells = [try await ModemManagerSource().servingCell()]
        } catch {
            problems.append("cell: \(error.description)")
        }
        guard sample.wifi.isEmpty && sample.cells.isEmpty else {
            for problem in problems { context.errors.line("Note: \(problem)") }
            return sample
        }
        throw CommandFailure(exitCode, "nothing heard to pin (\(problems.joined(separator: "; "))); "
                             + "record a scan elsewhere with `whereabouts scan --record FILE` and give it with --scan FILE")
    }
}
