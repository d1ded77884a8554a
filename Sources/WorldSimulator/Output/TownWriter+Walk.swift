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
        let trace = try BufferedFileWriter(path: tracePath)
        let truth = try BufferedFileWriter(path: truthPath)
        var lines = 0
        try town.forEachWalkSample(duration: duration) { sample throws(SimulationError) in
            lines += 1
            try trace.write(ReplayTrace.line(for: radioSample(of: sample)))
            try trace.endLine()
            let coordinate = town.coordinate(of: sample.truePosition)
            try truth.write("{\"time\":")
            truth.write(integer: sample.time)
            try truth.write(",\"lat\":")
            truth.write(decimal: coordinate.latitude, places: 7)
            try truth.write(",\"lng\":")
            truth.write(decimal: coordinate.longitude, places: 7)
            truth.write(byte: UInt8(ascii: "}"))
            try truth.endLine()
        }
        try trace.flush()
        try truth.flush()
        return lines
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
                WiFiObservation(bssid: $0.bssid, signalStrength: Double($0.signalStrength), channel: $0.channel)
            },
            cells: sample.cells.map { CellObservation(identity: $0.cell.identity, signalStrength: Double($0.signalStrength)) })
    }
}
