import Foundation
import RadioMap

extension StandardPaths {
    /// The radio map `db` maintenance writes to (`--db`, `WHEREABOUTS_DB`, the config, the
    /// default), opened for writing; it must exist already: maintenance never creates an empty map.
    func existingRadioMap(option: String?, configuration: Configuration) throws -> RadioMap {
        let path = databasePath(option: option, configuration: configuration)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.noRadioMap(at: path)
        }
        return try RadioMap(path: path, mode: .readWrite)
    }
}
