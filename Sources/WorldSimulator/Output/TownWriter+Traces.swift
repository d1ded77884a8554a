import PositioningCore
import SurveyFormats

extension TownWriter {
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
