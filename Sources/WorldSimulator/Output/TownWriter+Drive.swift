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
            try trace.write(ReplayTrace.line(for: radioSample(of: sample)))
            try trace.endLine()
        }
        try trace.flush()
        return lines
    }

    /// A walk or drive sample as the location service reads it.
    private func radioSample(of sample: WalkSample) -> RadioSample {
        let time = Date(timeIntervalSince1970: Double(sample.time) / 1000)
        let gnss = sample.fix.map { fix in
            Location(
                coordinate: town.coordinate(of: fix.position), horizontalAccuracy: fix.accuracy,
                altitude: town.specification.altitudeMeters, timestamp: time, speed: fix.speed, course: fix.course,
                source: .gps)
        }
        return RadioSample(
            time: time, gnss: gnss, wifi: sample.accessPoints.map(\.observation), cells: sample.cells.map(\.observation))
    }
}
