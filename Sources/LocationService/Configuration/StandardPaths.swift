import Foundation

/// Where Whereabouts keeps its files, per the XDG base-directory specification: the
/// configuration file, the data directory (radio map, last location, regions).
///
/// ```swift
/// let paths = StandardPaths(environment: ProcessInfo.processInfo.environment)
/// let map = paths.databasePath(option: nil, configuration: try paths.loadConfiguration())
/// ```
public struct StandardPaths: Sendable {
    /// The environment the paths are read from (`HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`,
    /// `WHEREABOUTS_DB`).
    public let environment: [String: String]

    /// Paths for `environment`.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    private var home: String {
        environment["HOME"] ?? NSHomeDirectory()
    }

    /// `$XDG_CONFIG_HOME/whereabouts/whereabouts.conf`.
    public var configurationFile: String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/whereabouts/whereabouts.conf"
    }

    /// `$XDG_DATA_HOME/whereabouts`.
    public var dataDirectory: String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return base + "/whereabouts"
    }

    /// The default radio map, `radiomap.sqlite` in the data directory.
    public var defaultDatabase: String {
        dataDirectory + "/radiomap.sqlite"
    }

    /// Loads the configuration file, or the defaults when there is none.
    /// - Throws: `ConfigurationError` for an unreadable file or a malformed line.
    public func loadConfiguration() throws(ConfigurationError) -> WhereaboutsConfiguration {
        let path = configurationFile
        guard FileManager.default.fileExists(atPath: path) else { return WhereaboutsConfiguration() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("cannot read \(path)")
        }
        return try WhereaboutsConfiguration.parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// The radio map to use: `option` (`--db`), else `WHEREABOUTS_DB`, else the configuration's
    /// `database`, else the default under `$XDG_DATA_HOME`.
    public func databasePath(option: String?, configuration: WhereaboutsConfiguration) -> String {
        if let option { return option }
        if let fromEnvironment = environment["WHEREABOUTS_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let configured = configuration.database { return configured }
        return defaultDatabase
    }
}
