import Foundation
import JSONCodec
import PositioningCore
import SurveyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Where the location service keeps what must survive a restart: the last known position
/// (`last-location.json`) and the monitored regions (`regions.json`). Both hold positions, so
/// the directory is created 0700 and the files 0600, replaced atomically (write, then rename).
///
/// ```swift
/// let store = LocationStore(directory: "\(home)/.local/share/whereabouts")
/// try store.saveLastKnown(fix.location)
/// store.lastKnown()?.timestamp
/// ```
public struct LocationStore: Sendable {
    /// The directory holding the files.
    public let directory: String

    /// A store in `directory` (created on first save).
    public init(directory: String) {
        self.directory = directory
    }

    var lastLocationPath: String { directory + "/last-location.json" }
    var regionsPath: String { directory + "/regions.json" }

    /// The remembered position, nil when there is none or the file is unreadable.
    public func lastKnown() -> Location? {
        guard let value = try? read(lastLocationPath), case .object(let object) = value,
            let latitude = object["lat"]?.doubleValue, let longitude = object["lng"]?.doubleValue,
            let coordinate = Coordinate(validating: latitude, longitude),
            let accuracy = object["accuracy"]?.doubleValue, accuracy > 0,
            let time = object["timestamp"]?.stringValue.flatMap(ISO8601Timestamp.parse)
        else { return nil }
        var location = Location(
            coordinate: coordinate, horizontalAccuracy: accuracy, altitude: object["altitude"]?.doubleValue ?? 0,
            verticalAccuracy: object["verticalAccuracy"]?.doubleValue ?? -1, timestamp: time,
            speed: object["speed"]?.doubleValue ?? -1, course: object["course"]?.doubleValue ?? -1,
            source: object["source"]?.stringValue.flatMap(LocationSource.init(rawValue:)) ?? .mixed)
        // Files written before the 95 % radius was kept have none: `accuracy95` then derives it.
        location.horizontalAccuracy95 = object["accuracy95"]?.doubleValue.flatMap { $0 >= accuracy ? $0 : nil }
        return location
    }

    /// Remembers `location` as the last known position.
    /// - Throws: `LocationStore.Failure` when the file cannot be written.
    public func saveLastKnown(_ location: Location) throws(Failure) {
        let object: JSONValue = [
            "lat": .number(location.coordinate.latitude), "lng": .number(location.coordinate.longitude),
            "accuracy": .number(location.horizontalAccuracy), "accuracy95": .number(location.accuracy95),
            "altitude": .number(location.altitude),
            "verticalAccuracy": .number(location.verticalAccuracy), "speed": .number(location.speed),
            "course": .number(location.course), "source": .string(location.source.rawValue),
            "timestamp": .string(JSONWriter.iso8601(location.timestamp)),
        ]
        try write(object, to: lastLocationPath)
    }

    /// The monitored regions saved by an earlier run (none when there is no file).
    /// - Throws: `Failure` when the file exists but cannot be read or is malformed.
    public func regions() throws(Failure) -> [CircularRegion] {
        guard FileManager.default.fileExists(atPath: regionsPath) else { return [] }
        let value = try read(regionsPath)
        guard let entries = value["regions"]?.arrayValue else { throw Failure(description: "\(regionsPath): no \"regions\" array") }
        var regions: [CircularRegion] = []
        for (index, entry) in entries.enumerated() {
            guard let id = entry["id"]?.stringValue, let latitude = entry["lat"]?.doubleValue,
                let longitude = entry["lng"]?.doubleValue, let radius = entry["radius"]?.doubleValue
            else { throw Failure(description: "\(regionsPath): region \(index + 1) needs id, lat, lng and radius") }
            let region = CircularRegion(id: id, center: Coordinate(latitude: latitude, longitude: longitude), radius: radius)
            if let problem = region.problem { throw Failure(description: "\(regionsPath): \(problem)") }
            regions.append(region)
        }
        return regions
    }

    /// Saves the monitored regions.
    /// - Throws: `Failure` when the file cannot be written.
    public func saveRegions(_ regions: [CircularRegion]) throws(Failure) {
        let entries: [JSONValue] = regions.map {
            ["id": .string($0.id), "lat": .number($0.center.latitude), "lng": .number($0.center.longitude), "radius": .number($0.radius)]
        }
        try write(["regions": .array(entries)], to: regionsPath)
    }

    /// A file that could not be read or written, with the reason.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    private func read(_ path: String) throws(Failure) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    private func write(_ value: JSONValue, to path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        let bytes = JSONWriter.encode(value) + [UInt8(ascii: "\n")]
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
