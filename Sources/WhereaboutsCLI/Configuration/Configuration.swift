import Foundation

/// Settings from `$XDG_CONFIG_HOME/whereabouts/whereabouts.conf` (`key = value` lines, `#`
/// comments). Command-line flags override them; `WHEREABOUTS_DB` overrides `database`.
struct Configuration: Sendable, Equatable {
    var enabled = true
    var sources: [String]?
    var desiredAccuracy: String?
    var database: String?
    var gpsd: String?
    var nmeaDevice: String?
    var learn = false
    var keepObservationsDays: Int?

    static let knownKeys: Set<String> = [
        "enabled", "sources", "desired_accuracy", "database", "gpsd", "nmea_device", "learn",
        "keep_observations_days",
    ]

    /// Parses the configuration text; a malformed line or unknown key is an error naming its line.
    static func parse(_ text: String, path: String) throws(CommandFailure) -> Configuration {
        var configuration = Configuration()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let lineNumber = index + 1
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw CommandFailure(.disabled, "\(path):\(lineNumber): expected 'key = value'")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard knownKeys.contains(key) else {
                throw CommandFailure(.disabled, "\(path):\(lineNumber): unknown key '\(key)'")
            }
            try configuration.apply(key: key, value: value, at: "\(path):\(lineNumber)")
        }
        return configuration
    }

    private mutating func apply(key: String, value: String, at place: String) throws(CommandFailure) {
        func boolean() throws(CommandFailure) -> Bool {
            switch value.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: throw CommandFailure(.disabled, "\(place): \(key) must be true or false, got '\(value)'")
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
                throw CommandFailure(.disabled, "\(place): keep_observations_days must be a positive number")
            }
            keepObservationsDays = days
        default: break
        }
    }
}

/// Where Whereabouts keeps its files, per the XDG base-directory specification.
struct StandardPaths: Sendable {
    let environment: [String: String]

    private var home: String {
        environment["HOME"] ?? NSHomeDirectory()
    }

    var configurationFile: String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/whereabouts/whereabouts.conf"
    }

    var dataDirectory: String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return base + "/whereabouts"
    }

    var defaultDatabase: String {
        dataDirectory + "/radiomap.sqlite"
    }

    /// Loads the configuration file, or the defaults when there is none.
    func loadConfiguration() throws(CommandFailure) -> Configuration {
        let path = configurationFile
        guard FileManager.default.fileExists(atPath: path) else { return Configuration() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(.permissionDenied, "cannot read \(path)")
        }
        return try Configuration.parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// The radio map to use: `--db`, else `WHEREABOUTS_DB`, else the config's `database`, else
    /// the default under `$XDG_DATA_HOME`.
    func databasePath(option: String?, configuration: Configuration) -> String {
        if let option { return option }
        if let fromEnvironment = environment["WHEREABOUTS_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let configured = configuration.database { return configured }
        return defaultDatabase
    }
}
