import Foundation
import PositioningCore

extension TownWriter {
    /// Writes `drive.trace.jsonl`: an hour's drive through the town after the survey
    /// (`Town.forEachDriveSample`), GPS-tagged and hearing moved routers at their new places, as
    /// a replay trace (`ReplayTrace.line`), and `drive.truth.jsonl`, its true positions line for
    /// line as for the walk. `watch --replay drive.trace.jsonl --learn` teaches it to a radio map.
    /// - Returns: the number of lines in each file.
    @discardableResult
    public func writeDriveTrace(trace tracePath: String, truth truthPath: String, duration: Double = 3_600)
        throws(SimulationError) -> Int
    {
        try writeTrace(.drive, trace: tracePath, truth: truthPath, duration: duration)
    }

    /// A drive sample as the location service reads it — SSIDs included, so learning can leave
    /// out the town's `_nomap` networks as it would on a real drive.
    func driveSample(of sample: WalkSample) -> RadioSample {
        var reading = radioSample(of: sample)
        reading.wifi = sample.accessPoints.map(\.observation)
        return reading
    }
}
