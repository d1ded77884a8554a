import Foundation
import PositioningCore

extension TownWriter {
    /// Writes `walk.trace.jsonl` (the replay-trace format of `watch --replay`, each line written
    /// by `ReplayTrace.line`, the project's one trace writer) and `walk.truth.jsonl`
    /// (`{"time","lat","lng"}` of the true position, `time` in Unix milliseconds, line for line).
    /// Both are streamed, so a walk of hours takes no more memory than one of minutes.
    /// - Parameter duration: seconds of walk (a sample every 2 s).
    /// - Returns: the number of lines in each file.
    @discardableResult
    public func writeWalkTrace(trace tracePath: String, truth truthPath: String, duration: Double = 900)
        throws(SimulationError) -> Int
    {
        try writeTrace(.walk, trace: tracePath, truth: truthPath, duration: duration)
    }

    /// What the walker's radios reported, as the service's `RadioSample`.
    func radioSample(of sample: WalkSample) -> RadioSample {
        let time = Date(timeIntervalSince1970: Double(sample.time) / 1000)
        let gnss = sample.fix.map { fix in
            Location(
                coordinate: town.coordinate(of: fix.position), horizontalAccuracy: fix.accuracy,
                altitude: town.specification.altitudeMeters, timestamp: time, speed: fix.speed, course: fix.course,
                source: .gps)
        }
        return RadioSample(
            time: time, gnss: gnss,
            wifi: sample.accessPoints.map {
                WiFiObservation(bssid: $0.bssid, signalStrength: Double($0.signalStrength), channel: $0.channel, age: $0.age)
            },
            cells: sample.cells.map { CellObservation(identity: $0.cell.identity, signalStrength: Double($0.signalStrength)) })
    }
}
