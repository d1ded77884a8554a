import Foundation
import PositioningCore

/// A scan recorded to a file, as `learn --scan FILE` pins it: one geolocate request (heard
/// when it is read) or a replay trace (`scan --record`, one sample per line).
///
/// ```swift
/// let samples = try RecordedScan.samples(from: Array(text.utf8))
/// ```
public enum RecordedScan {
    /// Why a file is not a recorded scan.
    public enum Failure: Error, Hashable, Sendable {
        /// A replay trace without a single sample.
        case empty
        /// Neither a geolocate request nor a replay trace: the trace reader's complaint.
        case neither(ReplayTraceError)
    }

    /// The samples of `bytes`: one for a geolocate request (at `now`), one per line of a trace.
    public static func samples(from bytes: [UInt8], now: Date = Date()) throws(Failure) -> [RadioSample] {
        // One JSON object: a geolocate request (a one-line trace reads as one as well).
        if let request = try? GeolocateRequest.parse(bytes) {
            return [RadioSample(time: now, wifi: request.wifiAccessPoints, cells: request.cellTowers)]
        }
        let samples: [RadioSample]
        do {
            samples = try ReplayTrace.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw .neither(error)
        }
        guard !samples.isEmpty else { throw .empty }
        return samples
    }
}
