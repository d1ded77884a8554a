import Foundation
import GNSS

/// Settings from `$XDG_CONFIG_HOME/whereabouts/whereabouts.conf` (`key = value` lines, `#`
/// comments), shared by the command line and the Core Location module. Command-line flags
/// override them; `WHEREABOUTS_DB` overrides `database`.
///
/// ```swift
/// let paths = StandardPaths(environment: ProcessInfo.processInfo.environment)
/// let configuration = try paths.loadConfiguration()
/// if !configuration.enabled { print("location services are off") }
/// ```
public struct WhereaboutsConfiguration: Sendable, Equatable {
    /// `enabled`: whether location services are on at all.
    public var enabled = true
    /// `sources`: the source names in order (`gps,cell,wifi`), nil for the default order.
    public var sources: [String]?
    /// `desired_accuracy`: a `DesiredAccuracy` name or metres.
    public var desiredAccuracy: String?
    /// `database`: the radio map's path.
    public var database: String?
    /// `gpsd`: `HOST:PORT`.
    public var gpsd: String?
    /// `nmea_device`: an NMEA device or file to read instead of gpsd, or a `tcp://` or `udp://`
    /// URL (see `NMEAInput`).
    public var nmeaDevice: String?
    /// `nmea_device` as an input: a URL when it parses as one, else a device path.
    public var nmeaInput: NMEAInput? { nmeaDevice.map { NMEAInput(parsing: $0) ?? .device(path: $0) } }
    /// `learn`: whether `watch` learns from its GPS fixes.
    public var learn = false
    /// `keep_observations_days`: how long raw observations are kept.
    public var keepObservationsDays: Int?

    /// The defaults (no file).
    public init() {}

    /// The keys a configuration file may set.
    public static let knownKeys: Set<String> = [
        "enabled", "sources", "desired_accuracy", "database", "gpsd", "nmea_device", "learn",
        "keep_observations_days",
    ]

    /// Parses the configuration text; a malformed line or unknown key is an error naming its line.
    /// - Throws: `ConfigurationError` with `path:line: reason`.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> WhereaboutsConfiguration {
        var configuration = WhereaboutsConfiguration()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let lineNumber = index + 1
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .malformed("\(path):\(lineNumber): expected 'key = value'")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard knownKeys.contains(key) else {
                throw .malformed("\(path):\(lineNumber): unknown key '\(key)'")
            }
            try configuration.apply(key: key, value: value, at: "\(path):\(lineNumber)")
        }
        return configuration
    }

    private mutating func apply(key: String, value: String, at place: String) throws(ConfigurationError) {
        func boolean() throws(ConfigurationError) -> Bool {
            switch value.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: throw .malformed("\(place): \(key) must be true or false, got '\(value)'")
            }
        }
        switch key {
        case "enabled": enabled = try boolean()
        case "learn": learn = try boolean()
        case "sources": sources = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case "desired_accuracy": desiredAccuracy = value
        case "database": database = value
        case "gpsd": gpsd = value
        case "nmea_device": nmeaDevice = value
        case "keep_observations_days":
            guard let days = Int(value), days > 0 else {
                throw .malformed("\(place): keep_observations_days must be a positive number")
            }
            keepObservationsDays = days
        default: break
        }
    }
}

/// A configuration file that cannot be used: unreadable, or a line that is not a known
/// `key = value` (the message names the file and line).
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(String)
    /// A line is malformed: `path:line: reason`.
    case malformed(String)

    public var description: String {
        switch self {
        case .unreadable(let message), .malformed(let message): message
        }
    }
}
