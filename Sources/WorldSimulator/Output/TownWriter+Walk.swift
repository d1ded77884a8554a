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

    /// The two traces `simulate` writes.
    enum TraceKind {
        case walk
        case drive
    }

    /// Streams the walk or the drive (`scanCache` applied) into its trace and truth files.
    /// - Returns: the number of lines in each.
    func writeTrace(_ kind: TraceKind, trace tracePath: String, truth truthPath: String, duration: Double)
        throws(SimulationError) -> Int
    {
        let files = try TraceFiles(trace: tracePath, truth: truthPath)
        let append = { (sample: WalkSample) throws(SimulationError) in
            let reading = kind == .walk ? radioSample(of: sample) : driveSample(of: sample)
            try files.append(reading, at: town.coordinate(of: sample.truePosition), time: sample.time)
        }
        switch kind {
        case .walk: try town.forEachWalkSample(duration: duration, scanCache: scanCache, append)
        case .drive: try town.forEachDriveSample(duration: duration, scanCache: scanCache, append)
        }
        return try files.finish()
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

/// A replay trace (`ReplayTrace.line`, the project's one trace writer) and its truth file
/// (`{"time","lat","lng"}` of the true position), written line for line and streamed.
final class TraceFiles {
    private let trace: BufferedFileWriter
    private let truth: BufferedFileWriter
    private var lines = 0

    init(trace tracePath: String, truth truthPath: String) throws(SimulationError) {
        trace = try BufferedFileWriter(path: tracePath)
        truth = try BufferedFileWriter(path: truthPath)
    }

    /// Writes `sample` to the trace and where it really was to the truth file.
    func append(_ sample: RadioSample, at coordinate: Coordinate, time: Int64) throws(SimulationError) {
        lines += 1
        try trace.write(ReplayTrace.line(for: sample))
        try trace.endLine()
        try truth.write("{\"time\":")
        truth.write(integer: time)
        try truth.write(",\"lat\":")
        truth.write(decimal: coordinate.latitude, places: 7)
        try truth.write(",\"lng\":")
        truth.write(decimal: coordinate.longitude, places: 7)
        truth.write(byte: UInt8(ascii: "}"))
        try truth.endLine()
    }

    /// Flushes both files. - Returns: the number of lines in each.
    func finish() throws(SimulationError) -> Int {
        try trace.flush()
        try truth.flush()
        return lines
    }
}
