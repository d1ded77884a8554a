import Foundation
import JSONCodec
import PositioningCore

/// The replay-trace format (DESIGN.md): JSON lines, each an object with `time` (ISO 8601 or
/// Unix milliseconds) and any of `wifiAccessPoints` and `cellTowers` (geolocate shapes) and
/// `gnss` (`{"lat","lng","accuracy","altitude","speed","course"}`; `verticalAccuracy` may
/// accompany `altitude`). Other members are ignored, so richer writers stay readable.
///
/// `scan --record`, `watch --record` and `simulate`'s `walk.trace.jsonl` write it;
/// `watch --replay` reads it.
///
/// ```swift
/// let samples = try ReplayTrace.parse(text)   // [RadioSample], blank lines skipped
/// let line = ReplayTrace.line(for: samples[0])
/// ```
public enum ReplayTrace {
    /// Parses a whole trace.
    /// - Throws: `ReplayTraceError` for the first bad line, with its number and reason.
    public static func parse(_ text: String) throws(ReplayTraceError) -> [RadioSample] {
        var samples: [RadioSample] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let sample = try parseLine(line, lineNumber: lineNumber) { samples.append(sample) }
        }
        return samples
    }

    /// Parses one line; nil for a blank line.
    /// - Throws: `ReplayTraceError` naming `lineNumber` and what is wrong.
    public static func parseLine(_ line: some StringProtocol, lineNumber: Int) throws(ReplayTraceError) -> RadioSample? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        func failure(_ reason: String) -> ReplayTraceError { ReplayTraceError(line: lineNumber, reason: reason) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(trimmed)
        } catch {
            throw failure("not JSON: \(error.reason) at column \(error.position.column)")
        }
        guard case .object(let object) = value else { throw failure("expected a JSON object, found \(value.kindDescription)") }
        let time: Date
        switch object["time"] {
        case .number(let milliseconds)?:
            // Years 0001–9999, the span an ISO 8601 time can be written back in.
            guard (-62_135_596_800_000...253_402_300_799_999).contains(milliseconds) else {
                throw failure("\"time\" \(milliseconds) is not Unix milliseconds of a year from 1 to 9999")
            }
            time = Date(timeIntervalSince1970: milliseconds / 1000)
        case .string(let text)?:
            guard let parsed = ISO8601Timestamp.parse(text) else {
                throw failure("\"time\" \"\(text)\" is not an ISO 8601 time such as 2026-11-29T12:00:00Z")
            }
            time = parsed
        case nil, .null?:
            throw failure("missing \"time\"")
        case let other?:
            throw failure("\"time\" must be ISO 8601 text or Unix milliseconds, not \(other.kindDescription)")
        }
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(object)
        } catch {
            throw failure("\(error)")
        }
        if let skipped = request.skippedEntries.first { throw failure(skipped) }
        var gnss: Location?
        if let value = object["gnss"], !value.isNull {
            gnss = try parseGNSS(value, time: time, failure: failure)
        }
        return RadioSample(time: time, gnss: gnss, wifi: request.wifiAccessPoints, cells: request.cellTowers)
    }

    private static func parseGNSS(
        _ value: JSONValue, time: Date, failure: (String) -> ReplayTraceError
    ) throws(ReplayTraceError) -> Location {
        guard case .object(let fields) = value else { throw failure("\"gnss\" must be an object, not \(value.kindDescription)") }
        func number(_ key: String) throws(ReplayTraceError) -> Double? {
            switch fields[key] {
            case nil, .null?: return nil
            case .number(let number)?: return number
            case let other?: throw failure("gnss.\(key) must be a number, not \(other.kindDescription)")
            }
        }
        guard let latitude = try number("lat"), let longitude = try number("lng") else {
            throw failure("gnss needs \"lat\" and \"lng\"")
        }
        guard let coordinate = Coordinate(validating: latitude, longitude) else {
            throw failure("gnss position \(latitude), \(longitude) is out of range")
        }
        guard let accuracy = try number("accuracy"), accuracy > 0 else {
            throw failure("gnss needs a positive \"accuracy\" (68 % radius in metres)")
        }
        return Location(
            coordinate: coordinate, horizontalAccuracy: accuracy, altitude: try number("altitude") ?? 0,
            verticalAccuracy: try number("verticalAccuracy") ?? -1, timestamp: time,
            speed: try number("speed") ?? -1, course: try number("course") ?? -1, source: .gps)
    }

    /// The sample as one trace line (no line break), `time` in ISO 8601 with milliseconds.
    public static func line(for sample: RadioSample) -> String {
        var writer = JSONWriter(reservingCapacity: 128 + 80 * sample.wifi.count + 160 * sample.cells.count)
        writer.beginObject()
        writer.writeKey("time")
        writer.write(sample.time)
        GeolocateRequest(wifiAccessPoints: sample.wifi, cellTowers: sample.cells).writeFields(to: &writer)
        if let fix = sample.gnss {
            writer.writeKey("gnss")
            writer.beginObject()
            writer.writeKey("lat")
            writer.write(fix.coordinate.latitude, decimals: 7)
            writer.writeKey("lng")
            writer.write(fix.coordinate.longitude, decimals: 7)
            writer.writeKey("accuracy")
            writer.write(fix.horizontalAccuracy, decimals: 1)
            if fix.verticalAccuracy > 0 || fix.altitude != 0 {
                writer.writeKey("altitude")
                writer.write(fix.altitude, decimals: 1)
            }
            if fix.verticalAccuracy > 0 {
                writer.writeKey("verticalAccuracy")
                writer.write(fix.verticalAccuracy, decimals: 1)
            }
            if fix.speed >= 0 {
                writer.writeKey("speed")
                writer.write(fix.speed, decimals: 2)
            }
            if fix.course >= 0 {
                writer.writeKey("course")
                writer.write(fix.course, decimals: 1)
            }
            writer.endObject()
        }
        writer.endObject()
        return writer.string
    }
}
