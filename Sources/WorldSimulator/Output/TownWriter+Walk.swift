import PositioningCore

extension TownWriter {
    /// Writes `walk.trace.jsonl` (the replay-trace format of `watch --replay`: `time` in Unix
    /// milliseconds, `wifiAccessPoints`/`cellTowers` in geolocate shape, `gnss`) and
    /// `walk.truth.jsonl` (`{"time","lat","lng"}` of the true position, line for line).
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
            try trace.write("{\"time\":")
            trace.write(integer: sample.time)
            try writeObservations(accessPoints: sample.accessPoints, cells: sample.cells, to: trace)
            if let fix = sample.fix {
                let coordinate = town.coordinate(of: fix.position)
                try trace.write(",\"gnss\":{\"lat\":")
                trace.write(decimal: coordinate.latitude, places: 7)
                try trace.write(",\"lng\":")
                trace.write(decimal: coordinate.longitude, places: 7)
                try trace.write(",\"accuracy\":")
                trace.write(decimal: fix.accuracy, places: 1)
                try trace.write(",\"altitude\":")
                trace.write(decimal: town.specification.altitudeMeters, places: 1)
                try trace.write(",\"speed\":")
                trace.write(decimal: fix.speed, places: 1)
                try trace.write(",\"course\":")
                trace.write(decimal: fix.course, places: 1)
                trace.write(byte: UInt8(ascii: "}"))
            }
            trace.write(byte: UInt8(ascii: "}"))
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
}
