import Foundation
import PositioningCore

extension TownWriter {
    /// Writes `drive.trace.jsonl`: an hour's drive through the town after the survey
    /// (`Town.forEachDriveSample`), GPS-tagged and hearing moved routers at their new places, as
    /// a replay trace (`ReplayTrace.line`). `watch --replay drive.trace.jsonl --learn` teaches it
    /// to a radio map.
    /// - Returns: the number of lines written.
    @discardableResult
    public func writeDriveTrace(to path: String, duration: Double = 3_600) throws(SimulationError) -> Int {
        let trace = try BufferedFileWriter(path: path)
        var lines = 0
        try town.forEachDriveSample(duration: duration) { sample throws(SimulationError) in
            lines += 1
            try trace.write(ReplayTrace.line(for: driveSample(of: sample)))
            try trace.endLine()
        }
        try trace.flush()
        return lines
    }

    /// A drive sample as the location service reads it — SSIDs included, so learning can leave
    /// out the town's `_nomap` networks as it would on a real drive.
    private func driveSample(of sample: WalkSample) -> RadioSample {
        var reading = radioSample(of: sample)
        reading.wifi = sample.accessPoints.map(\.observation)
        return reading
    }
}
